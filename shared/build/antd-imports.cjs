// A webpack loader, after swc: `import { Button, Table as T } from "antd"` becomes one default import per component,
// from that component's own module (`antd/es/button`), the key under which federation.cjs shares it. A page then
// downloads the components it shows, not every component an app of the product uses.
const { antdComponentPath } = require('./federation.cjs');

const namedImport = /import\s*\{([^}]*)\}\s*from\s*["']antd["'];?/g;

function splitAntdImports(source) {
  return source.replace(namedImport, (_whole, list) =>
    list
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [imported, local = imported] = part.split(/\s+as\s+/).map((s) => s.trim());
        return `import ${local} from ${JSON.stringify(antdComponentPath(imported))};`;
      })
      .join(' '),
  );
}

module.exports = function antdImportsLoader(source, map) {
  this.callback(null, splitAntdImports(source), map);
};
module.exports.splitAntdImports = splitAntdImports;
