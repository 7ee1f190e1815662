// A webpack loader for antd's stylesheet (`antd/dist/antd.css`, which the shell loads: zeroRuntime, see
// shell/src/app.tsx). The file styles every antd component, about 1 MB; the browser parses all of it on a first
// visit and matches its rules at every style recalculation. The loader keeps the rules of the components the apps
// can show: the antd modules they share (federation.cjs) and every antd module those import, and the components
// whose class names the apps write themselves (a plain `<nav className="ant-breadcrumb">`). A rule naming only
// components outside that set is left out; a rule naming none (variables, keyframes, motion) stays.
const fs = require('node:fs');
const path = require('node:path');
const { antdModules, appSourceFiles } = require('./federation.cjs');

const antdRoot = path.dirname(require.resolve('antd/package.json', { paths: [path.resolve(__dirname, '..', '..')] }));
const esRoot = path.join(antdRoot, 'es');

// Every component folder of antd, as the first segment of its class names (`ant-date-picker` is not one: the date
// picker's classes are `ant-picker-…`; a class whose block is unknown is kept).
function componentFolders() {
  return fs
    .readdirSync(esRoot, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => entry.name);
}

const relativeImport = /(?:from|import)\s*['"](\.\.?\/[^'"]+)['"]/g;

function resolveFile(from, request) {
  const base = path.resolve(path.dirname(from), request);
  for (const candidate of [base, `${base}.js`, path.join(base, 'index.js')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

// The component folders reached from `entries` (files of antd/es) through antd's own relative imports.
function reachedFolders(entries) {
  const seen = new Set();
  const folders = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const [folder] = path.relative(esRoot, file).split(path.sep);
    folders.add(folder);
    for (const [, request] of fs.readFileSync(file, 'utf8').matchAll(relativeImport)) {
      const next = resolveFile(file, request);
      if (next && next.startsWith(esRoot + path.sep)) queue.push(next);
    }
  }
  return folders;
}

// The block of a class name: the longest component folder it starts with (`ant-input-number-handler` is
// input-number's, `ant-input-affix-wrapper` input's), or null.
function blockOf(className, folders) {
  let block = null;
  for (const folder of folders) {
    const prefix = `ant-${folder}`;
    if ((className === prefix || className.startsWith(`${prefix}-`)) && (!block || folder.length > block.length))
      block = folder;
  }
  return block;
}

// Whether a selector names only components left out: at least one antd class, each of a left-out block.
function onlyLeftOut(selector, folders, kept) {
  const classes = [...selector.matchAll(/\.(ant-[a-z0-9-]+)/g)].map(([, name]) => name);
  if (classes.length === 0) return false;
  return classes.every((name) => {
    const block = blockOf(name, folders);
    return block !== null && !kept.has(block);
  });
}

// The end of the block opened at `open` (a `{`), quotes respected.
function blockEnd(css, open) {
  let depth = 0;
  for (let i = open; i < css.length; i += 1) {
    const char = css[i];
    if (char === '"' || char === "'") {
      i = css.indexOf(char, i + 1);
      if (i < 0) break;
    } else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  throw new Error('antd-stylesheet: unbalanced braces');
}

// `css` without the rules (and the selectors of a list) that name only left-out components; @media, @supports and
// @container are walked into, other at-rules (@keyframes, @font-face) kept whole.
function trimRules(css, folders, kept) {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open < 0) {
      out += css.slice(i);
      break;
    }
    const prelude = css.slice(i, open);
    const end = blockEnd(css, open);
    const body = css.slice(open + 1, end);
    const head = prelude.trim();
    if (head.startsWith('@')) {
      if (/^@(media|supports|container)\b/.test(head)) {
        const inner = trimRules(body, folders, kept);
        if (inner.trim()) out += `${prelude}{${inner}}`;
      } else out += `${prelude}{${body}}`;
    } else {
      const selectors = splitSelectors(prelude).filter((selector) => !onlyLeftOut(selector, folders, kept));
      if (selectors.length > 0) out += `${selectors.join(',')}{${body}}`;
    }
    i = end + 1;
  }
  return out;
}

// A selector list split at its top-level commas (not those inside `:is(…)`, `:where(…)`, `:not(…)`).
function splitSelectors(list) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    if (list[i] === '(') depth += 1;
    else if (list[i] === ')') depth -= 1;
    else if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

// The blocks of the antd class names written in the apps' own sources.
function writtenBlocks(sourceTexts, folders) {
  const blocks = new Set();
  for (const text of sourceTexts) {
    for (const [, name] of text.matchAll(/\b(ant-[a-z0-9-]+)/g)) {
      const block = blockOf(name, folders);
      if (block) blocks.add(block);
    }
  }
  return blocks;
}

// The stylesheet for the shared antd modules `modules` (`antd/es/button`…) and the sources `sourceTexts`.
function trimStylesheet(css, modules, sourceTexts) {
  const folders = componentFolders();
  const entries = modules.map((request) => path.join(esRoot, request.replace(/^antd\/es\//, ''), 'index.js'));
  const kept = new Set([...reachedFolders(entries), ...writtenBlocks(sourceTexts, folders)]);
  return { css: trimRules(css, folders, kept), kept };
}

module.exports = function antdStylesheetLoader(source) {
  const texts = appSourceFiles().map((file) => fs.readFileSync(file, 'utf8'));
  return trimStylesheet(String(source), antdModules(), texts).css;
};
module.exports.trimStylesheet = trimStylesheet;
module.exports.blockOf = blockOf;
module.exports.antdStylesheet = /[\\/]node_modules[\\/]antd[\\/]dist[\\/]antd\.css$/;
