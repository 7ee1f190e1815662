import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const load = createRequire(__filename);
const { narrowImports, narrowedFile } = load('../narrow-imports.cjs') as {
  narrowImports: (source: string, file: string) => { source: string; missing: string[] };
  narrowedFile: (file: string) => boolean;
};

const modules = path.resolve(__dirname, '..', '..', '..', 'node_modules');
const read = (file: string) => readFileSync(path.join(modules, file), 'utf8');

function narrow(file: string) {
  const full = path.join(modules, file);
  expect(narrowedFile(full)).toBe(true);
  const result = narrowImports(read(file), full);
  expect(result.missing).toEqual([]);
  return result.source;
}

test("antd's form context takes FormProvider from its own module, not from the form engine's index", () => {
  const source = narrow('antd/es/form/context.js');
  expect(source).toContain("from '@rc-component/form/es/FormContext'");
  expect(source).not.toContain("from '@rc-component/form';");
});

test('the module it points at exports the FormProvider the index re-exports', () => {
  expect(read('@rc-component/form/es/index.js')).toContain('import { FormProvider } from "./FormContext";');
  expect(read('@rc-component/form/es/FormContext.js')).toContain('export { FormProvider };');
});

test("antd's radio group no longer imports antd's useForm, and names its options' field as antd's form does", () => {
  const source = narrow('antd/es/radio/group.js');
  expect(source).not.toContain('form/hooks/useForm');
  // The line put in its place, run on antd's own helper, against antd's own function.
  const line = /^const toNamePathStr = .*$/m.exec(source)?.[0];
  expect(line).toBeDefined();
  const { toArray } = load(path.join(modules, 'antd/lib/form/util.js')) as { toArray: (name: unknown) => unknown[] };
  const { toNamePathStr } = load(path.join(modules, 'antd/lib/form/hooks/useForm.js')) as {
    toNamePathStr: (name: unknown) => string;
  };
  // The line the build writes into antd's module.
  const narrowed = new Function('toArray', `${line}\nreturn toNamePathStr;`)(toArray) as (name: unknown) => string;
  for (const name of ['statut', ['filtres', 'statut'], ['a', 0, 'b'], 3, undefined])
    expect(narrowed(name)).toBe(toNamePathStr(name));
});

test("antd's table takes its selection helpers from the modules of `@rc-component/tree` that hold them", () => {
  const source = narrow('antd/es/table/hooks/useSelection.js');
  expect(source).not.toContain("from '@rc-component/tree';");
  const index = read('@rc-component/tree/es/index.js');
  expect(index).toContain('export { arrAdd, arrDel, conductExpandParent } from "./util";');
  expect(index).toContain('export { conductCheck } from "./utils/conductUtil";');
  expect(index).toContain(
    'export { convertDataToEntities, convertTreeToData, fillFieldNames } from "./utils/treeUtil";',
  );
  for (const [file, names] of [
    ['@rc-component/tree/es/util.js', ['arrAdd', 'arrDel']],
    ['@rc-component/tree/es/utils/conductUtil.js', ['conductCheck']],
    ['@rc-component/tree/es/utils/treeUtil.js', ['convertDataToEntities']],
  ] as const) {
    expect(source).toContain(`from '${file.replace(/\.js$/, '')}'`);
    for (const name of names) expect(read(file)).toMatch(new RegExp(`export function ${name}\\b`));
  }
});

test("antd's table filter menu loads antd's tree when it shows one, and no longer imports it", () => {
  const source = narrow('antd/es/table/hooks/useFilter/FilterDropdown.js');
  expect(source).not.toMatch(/^import Tree /m);
  expect(source).toContain("React.lazy(() => import('../../../tree'))");
  expect(read('antd/es/tree/index.js')).toMatch(/export default Tree;/);
});

test('an antd file with nothing to narrow is left alone', () => {
  expect(narrowedFile(path.join(modules, 'antd/es/button/button.js'))).toBe(false);
});
