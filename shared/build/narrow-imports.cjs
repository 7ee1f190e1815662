// A webpack loader for one file of antd: `antd/es/form/context.js`, which every input, select and button imports,
// takes FormProvider from `@rc-component/form`'s index. That index sets each of the package's exports on its Form
// (`RefForm.Field = Field`…), and the package does not declare itself free of side effects: importing one name brings
// the whole form engine and its validator (about 10 KB gzip) to every page, forms or not. The import is narrowed to
// the module that holds FormProvider, the same module the index re-exports (so there is still one form context).
const narrowed = [
  {
    from: "import { FormProvider as RcFormProvider } from '@rc-component/form';",
    to: "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';",
  },
];

function narrowImports(source) {
  let result = source;
  const missing = [];
  for (const { from, to } of narrowed) {
    if (result.includes(from)) result = result.replace(from, to);
    else missing.push(from);
  }
  return { source: result, missing };
}

module.exports = function narrowImportsLoader(source, map) {
  const { source: result, missing } = narrowImports(source);
  // An antd update that changes the import: the page still works, only heavier; the build says so.
  for (const from of missing)
    this.emitWarning(new Error(`narrow-imports: « ${from} » is no longer in ${this.resourcePath}`));
  this.callback(null, result, map);
};
module.exports.narrowImports = narrowImports;
module.exports.narrowedFile = /[\\/]node_modules[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/;
