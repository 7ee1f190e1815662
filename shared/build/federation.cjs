// Module-federation settings shared by the shell and every remote, kept apart from the webpack config, so that
// what is shared, and how, reads in one place. Singletons are listed one by one with the version the workspace resolves, never
// `shared: { ...deps }`: exactly one React, router, QueryClient, antd context and session at run time.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const singletons = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'antd',
  'dayjs',
  'react-toastify/unstyled',
  'react-hook-form',
  // Holds the session, the API client and the QueryClient: there must be exactly one.
  '@bo/client',
];

// zod is not shared: a shared package is shipped whole (about 380 KB, JSON-schema tools and all), where each
// build's own copy keeps only what its schemas use (about 86 KB). The schemas travel inside @bo/contracts,
// shared below, so one copy of zod serves the shell and every remote built from the same sources; zod 4's
// instanceof checks hold across copies anyway.

// Stateless workspace packages: shared when two apps were built from identical sources, each app's own copy
// otherwise. Their version carries a hash of their sources, so a remote built against a newer kit never
// receives an older copy from the shell (and stays independently deployable).
const contentShared = ['@bo/contracts', '@bo/ui'];
// Entries of those packages shared beside them: a domain's part of the contract, or the list pattern, which only the
// pages that need them download. The shell provides each one (from its absolute path, so even without importing it), so that every
// remote receives the copy built on the shell's own zod rather than loading a zod of its own.
const contentSharedEntries = [
  '@bo/contracts/records',
  '@bo/contracts/reports',
  '@bo/contracts/needs-sheets',
  '@bo/ui/list',
  '@bo/ui/form',
];

function hashDir(dir, hash) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === 'node_modules' || entry.name === '__tests__' || entry.name.includes('.test.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) hashDir(full, hash);
    else hash.update(entry.name).update(fs.readFileSync(full));
  }
  return hash;
}

function packageName(request) {
  return request
    .split('/')
    .slice(0, request.startsWith('@') ? 2 : 1)
    .join('/');
}

function contentVersion(pkg, fromDir) {
  const manifest = require.resolve(`${packageName(pkg)}/package.json`, { paths: [fromDir] });
  const { version } = require(manifest);
  const digest = hashDir(path.join(path.dirname(manifest), 'src'), crypto.createHash('sha256')).digest('hex');
  return `${version}-${digest.slice(0, 12)}`;
}

// react-router-dom (with react-router) shared whole would weigh about 57 KB gzip. Every build shares the same
// tree-shaken copy: the union of what the shell, the remotes and shared/ import from it, read from the sources at
// build time.
const treeShaken = ['react-router-dom'];
const workspaceRoot = path.resolve(__dirname, '..', '..');
const sourceRoots = [
  'shell/src',
  ...['ui', 'client', 'todos'].map((p) => `shared/${p}/src`),
  ...fs.readdirSync(path.join(workspaceRoot, 'remotes')).map((r) => `remotes/${r}/src`),
];

function sourceFiles(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) out.push(full);
  }
  return out;
}

function usedExportsOf(pkg) {
  const used = new Set();
  const pattern = new RegExp(`import\\s+(?:type\\s+)?\\{([^}]*)\\}\\s+from\\s+['"]${pkg.replace('/', '\\/')}['"]`, 'g');
  for (const root of sourceRoots) {
    for (const file of sourceFiles(path.join(workspaceRoot, root))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(pattern)) {
        if (/^import\s+type\b/.test(match[0])) continue;
        for (const part of match[1].split(',')) {
          const name = part.trim();
          if (!name || name.startsWith('type ')) continue;
          used.add(name.split(/\s+as\s+/)[0].trim());
        }
      }
    }
  }
  return [...used].sort();
}

// antd is shared one component at a time: `antd/es/button`, `antd/es/table`… (the loader antd-imports.cjs turns
// `import { Button } from 'antd'` into those), each a singleton of antd's version, so that a page downloads the
// components it shows (antd whole would weigh about 440 KB gzip, the union of what the apps use about 290 KB). The
// shell provides every component an app imports, even one it does not show itself: one copy of each at run time,
// and of the contexts (theme, locale) they all read.
const antdIndex = path.join(
  path.dirname(require.resolve('antd/package.json', { paths: [workspaceRoot] })),
  'es',
  'index.js',
);
const antdComponents = new Map(
  [...fs.readFileSync(antdIndex, 'utf8').matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)';/g)].map(
    ([, name, folder]) => [name, folder],
  ),
);

function antdComponentPath(name) {
  const folder = antdComponents.get(name);
  if (!folder) throw new Error(`antd: no component module for the export ${name}`);
  return `antd/es/${folder}`;
}

// Every source file of the apps and of the shared packages they are built from (tests left out).
function appSourceFiles() {
  return sourceRoots.flatMap((root) => sourceFiles(path.join(workspaceRoot, root)));
}

// The antd modules the apps use: the components they import from 'antd', and the component modules they load
// when first shown (`import('antd/es/modal')`, a dialog's module).
function antdModules() {
  const modules = new Set(usedExportsOf('antd').map(antdComponentPath));
  for (const root of sourceRoots) {
    for (const file of sourceFiles(path.join(workspaceRoot, root))) {
      for (const [, folder] of fs.readFileSync(file, 'utf8').matchAll(/import\(\s*['"]antd\/es\/([\w-]+)['"]\s*\)/g)) {
        modules.add(`antd/es/${folder}`);
      }
    }
  }
  return [...modules].sort();
}

// The version of the package a request belongs to (`react-toastify/unstyled`: react-toastify's).
function installedVersion(request, fromDir) {
  const manifest = require.resolve(`${packageName(request)}/package.json`, { paths: [fromDir] });
  return require(manifest).version;
}

function sharedConfig(fromDir) {
  const shared = {};
  for (const pkg of singletons) {
    const version = installedVersion(pkg, fromDir);
    if (pkg === 'antd') {
      for (const request of antdModules()) {
        const entry = { singleton: true, requiredVersion: version, version };
        shared[request] = { ...entry, import: require.resolve(request, { paths: [fromDir] }) };
      }
      continue;
    }
    const entry = { singleton: true, requiredVersion: version, version };
    if (treeShaken.includes(pkg)) entry.treeShaking = { mode: 'runtime-infer', usedExports: usedExportsOf(pkg) };
    shared[pkg] = entry;
  }
  for (const pkg of contentShared) {
    const version = contentVersion(pkg, fromDir);
    shared[pkg] = { singleton: false, requiredVersion: version, strictVersion: false, version };
  }
  for (const entry of contentSharedEntries) {
    const version = contentVersion(entry, fromDir);
    shared[entry] = {
      import: require.resolve(entry, { paths: [fromDir] }),
      singleton: false,
      requiredVersion: version,
      strictVersion: false,
      version,
    };
  }
  // react-dom/client holds the renderer: one instance. Other deep imports hold no state and stay in each build's
  // own chunks, which saves a request and a shared-module lookup each: react/jsx-runtime only builds element
  // objects, dayjs's locales and plugins register themselves on the shared dayjs they import.
  shared['react-dom/'] = { ...shared['react-dom'] };
  return shared;
}

// The manifest of the package `pkg` as Node.js finds it from the folder `from` (its node_modules, then its parents'):
// read from the folders, since a package whose `exports` leave out its package.json cannot be resolved to it.
function manifestOf(pkg, from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(manifest)) return manifest;
    if (path.dirname(dir) === dir) return null;
  }
}

// The real folders of `roots` and of everything they depend on, followed through `dependencies` (a package
// found nowhere is left to webpack's default chunks).
function packageFolders(roots, fromDir, skip) {
  const folders = new Set();
  const visit = (pkg, from) => {
    if (skip.has(pkg)) return;
    const manifest = manifestOf(pkg, from);
    if (!manifest) return;
    const folder = fs.realpathSync(path.dirname(manifest));
    if (folders.has(folder)) return;
    folders.add(folder);
    for (const dependency of Object.keys(require(manifest).dependencies ?? {})) visit(dependency, folder);
  };
  for (const root of roots) visit(root, fromDir);
  return [...folders];
}

// The shell provides every shared singleton, by default each in a chunk of its own: one request and one script
// for the page to start, each. Those the first screen needs together travel together instead, in two chunks:
// React for the login card, then the rest of the framework for the application. antd, much bigger and loaded
// beside them, keeps its own chunk; so do the content-shared kit and contracts.
function bootChunkGroups(fromDir) {
  const ownChunks = ['antd', ...contentShared];
  const reactRoots = ['react', 'react-dom'];
  const react = packageFolders(reactRoots, fromDir, new Set(ownChunks));
  // react-hook-form serves the forms only (`@bo/ui/form`): it comes with the first form, not with every page; react-
  // toastify with the first message (notify.ts in @bo/client).
  const later = ['react-hook-form', 'react-toastify/unstyled'];
  const rest = singletons.filter(
    (pkg) => !ownChunks.includes(pkg) && !reactRoots.includes(pkg) && !later.includes(pkg),
  );
  const framework = packageFolders(rest, fromDir, new Set([...ownChunks, ...reactRoots, ...later.map(packageName)]));
  const inFolders = (folders) => (module) =>
    typeof module.resource === 'string' && folders.some((folder) => module.resource.startsWith(folder + path.sep));
  const group = (name, folders, priority) => ({
    name,
    test: inFolders(folders),
    chunks: 'async',
    enforce: true,
    priority,
  });
  // antd's components each come in a chunk of their own (sharedConfig); the code two of them use (antd's internals,
  // its rc-components, icons and styles) goes to chunks of its own too, one per set of components that use it, so
  // that no page downloads it twice and none downloads a component it does not show.
  const antd = packageFolders(
    ['antd'],
    fromDir,
    new Set([...singletons.filter((pkg) => pkg !== 'antd'), ...contentShared]),
  );
  return {
    react: group('react', react, 20),
    framework: group('framework', framework, 10),
    // What most components use (antd's config and styles, rc-util, motion, triggers, portals, icons) makes one chunk:
    // a page shows several components, and one chunk compresses much better than many small ones.
    antdBase: {
      name: 'antd-base',
      test: inFolders(antd),
      chunks: 'async',
      minChunks: 8,
      minSize: 0,
      priority: 6,
    },
    antd: { test: inFolders(antd), chunks: 'async', minChunks: 2, minSize: 0, maxAsyncRequests: Infinity, priority: 5 },
  };
}

// Names used on the wire: the container names, also the keys of the runtime registry.
const containerNames = {
  shell: 'shell',
  agenda: 'agenda',
  contacts: 'contacts',
  needsSheets: 'needsSheets',
  reports: 'reports',
  admin: 'admin',
};

module.exports = {
  singletons,
  sharedConfig,
  bootChunkGroups,
  usedExportsOf,
  antdModules,
  appSourceFiles,
  antdComponentPath,
  containerNames,
  resolveFrom: (dir, p) => path.resolve(dir, p),
};
