// version.json, written beside a remote's mf-manifest.json: what the build is, so that the shell can check a
// remote before mounting it and the /modules page can say what runs where.
const path = require('node:path');
const { Compilation, sources } = require('webpack');
const { singletons } = require('./federation.cjs');

// The contracts a build was made against: the shell mounts a remote only if its own contracts version falls in
// the remote's range. A caret range: a breaking change of the contracts bumps the minor version while it is 0.x.
function contractsInfo(fromDir) {
  const manifest = require.resolve('@bo/contracts/package.json', { paths: [fromDir] });
  const { version } = require(manifest);
  return { version, range: `^${version}` };
}

// The singletons the build expects the shell to provide, with the version it was built against.
// antd is shared one component at a time (`antd/es/button`…, federation.cjs): its version is its components'.
function expectedSingletons(shared) {
  const entryOf = (name) => shared[name] ?? Object.entries(shared).find(([key]) => key.startsWith(`${name}/es/`))?.[1];
  return Object.fromEntries(
    singletons.filter((name) => entryOf(name)).map((name) => [name, entryOf(name).requiredVersion]),
  );
}

// `hash` is the build's short hash (the same sources give the same one); BO_BUILD_ID, when set, replaces it, for
// a rebuild that must be told apart from the previous one.
function versionFile({ name, packageVersion, hash, contracts, shared, builtAt = new Date() }) {
  const suffix = process.env.BO_BUILD_ID || hash.slice(0, 8);
  return {
    name,
    version: `${packageVersion}-${suffix}`,
    builtAt: builtAt.toISOString(),
    contracts,
    singletons: expectedSingletons(shared),
  };
}

class VersionFilePlugin {
  /** @param {{ name: string, dir: string, shared: Record<string, { requiredVersion?: string }> }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { name, dir, shared } = this.options;
    const { version: packageVersion } = require(path.join(dir, 'package.json'));
    compiler.hooks.thisCompilation.tap('VersionFilePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'VersionFilePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const file = versionFile({
            name,
            packageVersion,
            hash: compilation.hash ?? '',
            contracts: contractsInfo(dir),
            shared,
          });
          compilation.emitAsset('version.json', new sources.RawSource(`${JSON.stringify(file, null, 2)}\n`));
        },
      );
    });
  }
}

module.exports = { VersionFilePlugin, versionFile, contractsInfo };
