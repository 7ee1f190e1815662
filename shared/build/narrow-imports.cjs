// A webpack loader for a few files of antd, each importing a whole package for a small part of it, or for a part the
// apps never show. The page works the same; only what it downloads changes. An antd update that changes one of these lines leaves the
// page working, only heavier: the build says so (a warning), and a test checks each line and what it points at.
const narrowed = [
  // Every input, select and button imports antd's form context, which takes FormProvider from `@rc-component/form`'s
  // index. That index sets each of the package's exports on its Form (`RefForm.Field = Field`…), and the package
  // does not declare itself free of side effects: importing one name brings the whole form engine and its validator
  // (about 10 KB gzip) to every page, forms or not. The import is narrowed to the module that holds FormProvider,
  // the same module the index re-exports (so there is still one form context).
  {
    file: 'antd/es/form/context.js',
    from: "import { FormProvider as RcFormProvider } from '@rc-component/form';",
    to: "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';",
  },
  // antd's radio group names its options' field from the group's name with antd's form's `toNamePathStr`, a
  // function of one line in the module of antd's useForm, which imports the form engine (the list pages' filters
  // use radio groups, and no form of the apps is antd's). The same line, on the same helper of antd's form utilities.
  {
    file: 'antd/es/radio/group.js',
    from: "import { toNamePathStr } from '../form/hooks/useForm';",
    to: "import { toArray } from '../form/util';\nconst toNamePathStr = (name) => toArray(name).join('_');",
  },
  // antd's table reads its rows' selection with four helpers of `@rc-component/tree`, imported from the package's
  // index, which brings the tree component itself (the package does not declare itself free of side effects). Each
  // is taken from the module that holds it, the same module the index re-exports.
  {
    file: 'antd/es/table/hooks/useSelection.js',
    from: "import { arrAdd, arrDel, conductCheck, convertDataToEntities } from '@rc-component/tree';",
    to: [
      "import { arrAdd, arrDel } from '@rc-component/tree/es/util';",
      "import { conductCheck } from '@rc-component/tree/es/utils/conductUtil';",
      "import { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil';",
    ].join('\n'),
  },
  // antd's table shows a column's filters as a tree in its filter menu (`filterMode: 'tree'`), a mode no list of the
  // apps uses (their filters sit above the table): antd's tree loads when such a menu first opens.
  {
    file: 'antd/es/table/hooks/useFilter/FilterDropdown.js',
    from: "import Tree from '../../../tree';",
    to: [
      "const LazyTree = React.lazy(() => import('../../../tree'));",
      'const Tree = (props) => React.createElement(React.Suspense, { fallback: null }, React.createElement(LazyTree, props));',
    ].join('\n'),
  },
];

const normalise = (file) => file.split('\\').join('/');

function narrowImports(source, file) {
  let result = source;
  const missing = [];
  for (const { from, to } of narrowed.filter((entry) => normalise(file).endsWith(`/node_modules/${entry.file}`))) {
    if (result.includes(from)) result = result.replace(from, to);
    else missing.push(from);
  }
  return { source: result, missing };
}

module.exports = function narrowImportsLoader(source, map) {
  const { source: result, missing } = narrowImports(source, this.resourcePath);
  for (const from of missing)
    this.emitWarning(new Error(`narrow-imports: « ${from} » is no longer in ${this.resourcePath}`));
  this.callback(null, result, map);
};
module.exports.narrowImports = narrowImports;
module.exports.narrowed = narrowed;
module.exports.narrowedFile = (file) =>
  narrowed.some((entry) => normalise(file).endsWith(`/node_modules/${entry.file}`));
