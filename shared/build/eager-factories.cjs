// V8 compiles a function the first time it runs, on the main thread, unless the function sits in parentheses:
// then V8 expects it to run at once and compiles it while the script streams in, on a background thread. The
// module factories of a chunk all run as soon as the page needs the chunk, and the big ones (antd, react-dom,
// zod) cost tens of milliseconds to compile on first call. This plugin puts the big factories in parentheses
// after minification; source maps follow the edit.
const acorn = require('acorn');
const { Compilation, sources } = require('webpack');

// Below this length a factory compiles in well under a millisecond: not worth a background compile.
const MIN_FACTORY_LENGTH = 2048;

function isFunction(node) {
  return (
    (node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') && !node.async && !node.generator
  );
}

// Webpack's module maps are object literals keyed by numeric module ids, one function per module.
function factoriesOf(object) {
  return object.properties.filter(
    (p) =>
      p.type === 'Property' &&
      !p.computed &&
      p.key.type === 'Literal' &&
      typeof p.key.value === 'number' &&
      isFunction(p.value),
  );
}

// Depth-first; `visit` returns the children it has handled itself, which the walk does not enter.
function walk(node, visit) {
  if (!node || typeof node.type !== 'string') return;
  const handled = visit(node);
  for (const key of Object.keys(node)) {
    const value = node[key];
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child.type === 'string' && !handled.has(child)) walk(child, visit);
    }
  }
}

// `source` (a webpack source) with every big factory parenthesized: `12(e,t,n){…}` becomes
// `12:(function(e,t,n){…})`, `12:function(…){…}` and `12:(…)=>{…}` get their parentheses. The walk does not enter
// the factories: a module's own code holds no module map. Returns `source` itself when nothing is to change.
function withEagerFactories(source, minLength = MIN_FACTORY_LENGTH) {
  const edited = new sources.ReplaceSource(source);
  let changed = false;
  walk(acorn.parse(source.source().toString(), { ecmaVersion: 'latest', sourceType: 'script' }), (node) => {
    if (node.type !== 'ObjectExpression') return new Set();
    const factories = factoriesOf(node);
    for (const { key, method, value: fn } of factories) {
      if (fn.end - fn.start < minLength) continue;
      if (method) edited.insert(key.end, ':(function');
      else edited.insert(fn.start, '(');
      edited.insert(fn.end, ')');
      changed = true;
    }
    return new Set(factories);
  });
  return changed ? edited : source;
}

class EagerFactoriesPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EagerFactoriesPlugin', (compilation) => {
      // After the minifier (which would drop the parentheses), before the source maps and the real content hashes.
      compilation.hooks.processAssets.tap(
        { name: 'EagerFactoriesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const asset of compilation.getAssets()) {
            if (!asset.name.endsWith('.js')) continue;
            const edited = withEagerFactories(asset.source);
            if (edited !== asset.source) compilation.updateAsset(asset.name, edited);
          }
        },
      );
    });
  }
}

module.exports = { EagerFactoriesPlugin, withEagerFactories };
