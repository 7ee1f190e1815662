import { createRequire } from 'node:module';

const load = createRequire(__filename);
const { splitAntdImports } = load('../antd-imports.cjs') as { splitAntdImports: (source: string) => string };

describe("antd's imports, one component at a time", () => {
  test('a named import becomes one default import per component, renamed ones kept, on the same line', () => {
    const source = 'import { Button, Table as T, theme } from "antd";\nconst x = 1;';
    expect(splitAntdImports(source)).toBe(
      'import Button from "antd/es/button"; import T from "antd/es/table"; import theme from "antd/es/theme";\nconst x = 1;',
    );
  });

  test('imports of other packages and of antd files are left as they are', () => {
    const source = 'import { Button } from "antd-extra";\nimport frFR from "antd/locale/fr_FR";';
    expect(splitAntdImports(source)).toBe(source);
  });

  test('an export of antd that is no component is refused at build time', () => {
    expect(() => splitAntdImports('import { unstableSetRender } from "antd";')).toThrow(/unstableSetRender/);
  });
});
