import { createRequire } from 'node:module';

const load = createRequire(__filename);
const { usedExportsOf } = load('../federation.cjs') as { usedExportsOf: (pkg: string) => string[] };

// antd is shared one component at a time: the shell provides each component any app imports, and a page downloads
// the ones it shows. A new component costs the pages that show it its weight, and the shell's build a chunk;
// adding one here is a decision to take with `npm run bench -- front` before and after; a native element or a kit
// piece often does the job.
const SHARED_ANTD = [
  'Alert',
  'Button',
  'Card',
  'Checkbox',
  'ConfigProvider',
  'DatePicker',
  'Descriptions',
  'Drawer',
  'Empty',
  'Input',
  'Layout',
  'List',
  'Menu',
  'Modal',
  'Radio',
  'Result',
  'Select',
  'Space',
  'Spin',
  'Steps',
  'Switch',
  'Table',
  'Tag',
  'Tooltip',
  'Typography',
  'theme',
];

test('the apps import from antd only the components of the shared set', () => {
  expect(usedExportsOf('antd')).toEqual([...SHARED_ANTD].sort());
});
