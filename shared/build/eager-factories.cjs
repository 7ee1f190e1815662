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
  return (node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') && !node.async && !node.generator;
}

// Webpack's module maps are object literals keyed by numeric module ids, one function per module.
function factoriesOf(object) {
  return object.properties.filter(
    (p) => p.type === 'Property' && !p.computed && p.key.type === 'Literal' && typeof p.key.value === 'number' && isFunction(p.value),
  );
}

function walk(node, visit) {
  if (!node || typeof node.type !== 'string') return;
  visit(node);
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (Array.isArray(value)) for (const child of value) walk(child, visit);
    else if (value && typeof value.type === 'string') walk(value, visit);
  }
}

// The insertions that parenthesize every big factory of `code`: `12(e,t,n){…}` becomes `12:(function(e,t,n){…})`,
// `12:function(…){…}` and `12:(…)=>{…}` get their parentheses.
function eagerFactoryEdits(code, minLength = MIN_FACTORY_LENGTH) {
  const edits = [];
  walk(acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'script' }), (node) => {
    if (node.type !== 'ObjectExpression') return;
    for (const property of factoriesOf(node)) {
      const fn = property.value;
      if (fn.end - fn.start < minLength) continue;
      if (property.method) edits.push({ at: property.key.end, text: ':(function' });
      else edits.push({ at: fn.start, text: '(' });
      edits.push({ at: fn.end, text: ')' });
    }
  });
  return edits;
}

function applyEdits(code, edits) {
  let out = code;
  for (const edit of [...edits].sort((a, b) => b.at - a.at)) out = out.slice(0, edit.at) + edit.text + out.slice(edit.at);
  return out;
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
            const edits = eagerFactoryEdits(asset.source.source().toString());
            if (edits.length === 0) continue;
            const edited = new sources.ReplaceSource(asset.source);
            for (const edit of edits) edited.insert(edit.at, edit.text);
            compilation.updateAsset(asset.name, edited);
          }
        },
      );
    });
  }
}

module.exports = { EagerFactoriesPlugin, eagerFactoryEdits, applyEdits };
