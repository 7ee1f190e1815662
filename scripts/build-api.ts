// Compiles the API to JavaScript: one ESM bundle per entry of api/src/node-flags.ts (the server, the benchmarks'
// server) in api/dist, with its source map. The workspace packages (@bo/*, TypeScript sources) are bundled; every
// other package stays external and is loaded from node_modules as it is (native and wasm packages, assets read
// from their own folder). Takes about a second: `npm start` compiles every time, so it never runs a stale bundle.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop, type Plugin } from 'esbuild';
import { apiBundleDir, apiEntries, apiSource, type ApiEntry } from '../api/src/node-flags';

const externalPackages: Plugin = {
  name: 'external-packages',
  setup(compiler) {
    // A bare specifier (a package or a node: builtin), not a relative or absolute path.
    compiler.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === 'entry-point' || args.path.startsWith('@bo/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildApi(): Promise<void> {
  const entryPoints = Object.fromEntries(
    (Object.keys(apiEntries) as ApiEntry[]).map((entry) => [entry, apiSource(entry)]),
  );
  // esbuild's service process is stopped afterwards: it would stay beside `npm start` for nothing.
  const result = await build({
    entryPoints,
    outdir: apiBundleDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The map gives stack traces the TypeScript files and lines, without the sources' text, which every instance would
    // hold in memory (--enable-source-maps). Names are kept: a trace stays readable from the bundle alone.
    sourcemap: true,
    sourcesContent: false,
    minifyWhitespace: true,
    minifySyntax: true,
    plugins: [externalPackages],
    write: false,
    logLevel: 'warning',
  }).finally(() => stop());
  // Each file is written beside its place and renamed over it, so that an instance starting meanwhile (another
  // `npm start`, a browser test) reads a whole bundle, the old or the new.
  mkdirSync(apiBundleDir, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildApi();
