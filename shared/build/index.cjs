// One webpack configuration for the shell and the five remotes. Each app calls createConfig from its own
// webpack.config.cjs and so builds alone into its own dist/ (with mf-manifest.json).
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { EagerFactoriesPlugin } = require('./eager-factories.cjs');
const { bootChunkGroups, sharedConfig } = require('./federation.cjs');
const { narrowedFile } = require('./narrow-imports.cjs');
const { antdStylesheet } = require('./antd-stylesheet.cjs');
const { VersionFilePlugin } = require('./version-file.cjs');

const externalRuntimeProvider = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')),
  'index.js',
);

/**
 * @param {{ dir: string, name: string, port: number, exposes?: Record<string, string>, host?: boolean,
 *   runtimePlugins?: string[], federation?: boolean, template?: string }} app
 */
function createConfig(app) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const shared = app.federation === false ? {} : sharedConfig(app.dir);
    return {
      context: app.dir,
      mode: production ? 'production' : 'development',
      entry: './src/index.ts',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(app.dir, 'dist'),
        publicPath: 'auto',
        // A remote's entry files keep stable names (its manifest names them). The shell's entry is named by its
        // page only: its name carries the build's hash (the federation runtime cannot name a content hash), so that
        // a browser coming back takes it from its cache without asking (scripts/front-files.ts), one round trip
        // less before anything runs.
        filename: production && app.host ? '[name].[fullhash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
        uniqueName: app.name,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
      module: {
        rules: [
          // antd's form context and radio group without the whole form engine (narrow-imports.cjs).
          { test: narrowedFile, use: [require.resolve('./narrow-imports.cjs')] },
          // antd's stylesheet with the rules of the components the apps can show (antd-stylesheet.cjs).
          { test: antdStylesheet, use: [require.resolve('./antd-stylesheet.cjs')] },
          // A stylesheet imported from code is emitted as a file (content-hashed) and imported as its URL.
          { test: /\.css$/, type: 'asset/resource', generator: { filename: '[name].[contenthash:8][ext]' } },
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: [
              // antd one component at a time (federation.cjs); the one-page baseline imports it as it is written.
              ...(app.federation === false ? [] : [require.resolve('./antd-imports.cjs')]),
              {
                loader: 'swc-loader',
                options: {
                  jsc: {
                    parser: { syntax: 'typescript', tsx: true },
                    transform: { react: { runtime: 'automatic', development: !production } },
                    target: 'es2022',
                  },
                },
              },
            ],
          },
        ],
      },
      optimization: {
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
        // Only the shell, which provides the singletons: a remote's fallback copies rarely load, and grouping
        // them would tie the module a remote keeps for itself (react/jsx-runtime) to a copy of React it never runs.
        ...(app.host && app.federation !== false ? { splitChunks: { cacheGroups: bootChunkGroups(app.dir) } } : {}),
      },
      performance: { hints: false },
      plugins: [
        ...(production ? [new EagerFactoriesPlugin()] : []),
        // The benchmarks' one-page baseline is the only build without federation.
        ...(app.federation === false
          ? []
          : [
              new ModuleFederationPlugin({
                name: app.name,
                filename: 'remoteEntry.js',
                exposes: app.exposes ?? {},
                remotes: {},
                shared,
                // Shared modules are taken from what is already loaded (the shell provides every singleton): the
                // default, version-first, downloads every registered remote's entry to compare versions, which would
                // fetch remotes the user may not open, and wait on one that is down.
                shareStrategy: 'loaded-first',
                manifest: true,
                dts: false,
                // One federation runtime at run time: the shell's, which the remotes' entries take from it rather
                // than each carrying its own (about 16 KB gzip per remote). A remote is only ever mounted by the shell.
                // The shell hands its runtime over with the plugin's ES module: its CommonJS build (what
                // `provideExternalRuntime` adds) would bring a second copy of the runtime into the shell's entry.
                runtimePlugins: [...(app.runtimePlugins ?? []), ...(app.host ? [externalRuntimeProvider] : [])],
                experiments: app.host ? {} : { externalRuntime: true },
              }),
            ]),
        // Each remote says what it is, beside its manifest.
        ...(app.host || app.federation === false
          ? []
          : [new VersionFilePlugin({ name: app.name, dir: app.dir, shared })]),
        ...(app.host
          ? [
              new HtmlWebpackPlugin({
                template: app.template ?? './src/index.html',
                // Deep links (/liste-contacts) must load scripts from the root, not relative to the path.
                publicPath: '/',
                // Outside production builds the entry's name carries no hash: the page adds one to its address.
                hash: !production,
              }),
            ]
          : []),
      ],
      devServer: {
        port: app.port,
        historyApiFallback: Boolean(app.host),
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: app.host ? [{ directory: path.join(app.dir, 'public') }] : [],
      },
    };
  };
}

module.exports = { createConfig };
