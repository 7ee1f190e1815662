import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const load = createRequire(__filename);
const { narrowImports, narrowedFile } = load('../narrow-imports.cjs') as {
  narrowImports: (source: string) => { source: string; missing: string[] };
  narrowedFile: RegExp;
};

const modules = path.resolve(__dirname, '..', '..', '..', 'node_modules');
const contextFile = path.join(modules, 'antd/es/form/context.js');

test("antd's form context takes FormProvider from its own module, not from the form engine's index", () => {
  expect(narrowedFile.test(contextFile)).toBe(true);
  const { source, missing } = narrowImports(readFileSync(contextFile, 'utf8'));
  expect(missing).toEqual([]);
  expect(source).toContain("from '@rc-component/form/es/FormContext'");
  expect(source).not.toContain("from '@rc-component/form';");
});

test('the module it points at exports the FormProvider the index re-exports', () => {
  const index = readFileSync(path.join(modules, '@rc-component/form/es/index.js'), 'utf8');
  expect(index).toContain('import { FormProvider } from "./FormContext";');
  expect(readFileSync(path.join(modules, '@rc-component/form/es/FormContext.js'), 'utf8')).toContain(
    'export { FormProvider };',
  );
});
