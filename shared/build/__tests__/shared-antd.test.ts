import { createRequire } from 'node:module';

const load = createRequire(__filename);
const { usedExportsOf } = load('../federation.cjs') as { usedExportsOf: (pkg: string) => string[] };

// The shared antd holds every component any app imports, and every page downloads it (/agenda included): a new
// component costs each page its weight (antd's Progress, 4.9 KB gzip, once came with one import dialog). Adding one
// here is a decision to take with `npm run bench -- front` before and after; a native element or a kit piece often
// does the job.
const SHARED_ANTD = [
  'Alert',
  'App',
  'Breadcrumb',
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
