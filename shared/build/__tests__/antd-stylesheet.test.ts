import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const load = createRequire(__filename);
const { trimStylesheet, blockOf } = load('../antd-stylesheet.cjs') as {
  trimStylesheet: (css: string, modules: string[], sources: string[]) => { css: string; kept: Set<string> };
  blockOf: (className: string, folders: string[]) => string | null;
};

test('a class belongs to the longest component folder it starts with', () => {
  const folders = ['input', 'input-number', 'tree', 'tree-select'];
  expect(blockOf('ant-input-number-handler', folders)).toBe('input-number');
  expect(blockOf('ant-input-affix-wrapper', folders)).toBe('input');
  expect(blockOf('ant-tree-select-dropdown', folders)).toBe('tree-select');
  expect(blockOf('ant-zoom-big-enter', folders)).toBeNull();
});

describe('the stylesheet keeps the rules of the components the apps can show', () => {
  const css = [
    '.ant-btn{color:red}',
    '.ant-transfer{color:blue}',
    '.ant-transfer .ant-btn,.ant-cascader{margin:0}',
    '.ant-breadcrumb{padding:0}',
    '@media (max-width:575px){.ant-transfer{width:100%}.ant-btn{width:100%}}',
    '@media print{.ant-cascader{display:none}}',
    '@keyframes antZoomIn{0%{opacity:0}}',
    '.css-var-x{--ant-color-text:#000}',
    '.ant-zoom-big-enter{animation-name:antZoomIn}',
    '.ant-btn::after{content:"{"}',
  ].join('');
  // Button is shared; nothing imports Transfer or Cascader; the apps write `ant-breadcrumb` themselves.
  const { css: trimmed, kept } = trimStylesheet(css, ['antd/es/button'], ['<nav className="ant-breadcrumb">']);

  test('the shared components, what they import, and the classes the apps write', () => {
    expect(kept.has('button')).toBe(true);
    expect(kept.has('breadcrumb')).toBe(true);
    expect(kept.has('transfer')).toBe(false);
    expect(trimmed).toContain('.ant-btn{color:red}');
    expect(trimmed).toContain('.ant-breadcrumb{padding:0}');
  });

  test('a rule or a selector naming only left-out components goes, and an empty @media with it', () => {
    expect(trimmed).not.toContain('.ant-transfer{color:blue}');
    expect(trimmed).toContain('.ant-transfer .ant-btn{margin:0}');
    expect(trimmed).toContain('@media (max-width:575px){.ant-btn{width:100%}}');
    expect(trimmed).not.toContain('@media print');
  });

  test('what names no component stays: keyframes, variables, motion classes, quoted braces', () => {
    expect(trimmed).toContain('@keyframes antZoomIn{0%{opacity:0}}');
    expect(trimmed).toContain('.css-var-x{--ant-color-text:#000}');
    expect(trimmed).toContain('.ant-zoom-big-enter{animation-name:antZoomIn}');
    expect(trimmed).toContain('.ant-btn::after{content:"{"}');
  });
});

test("antd's real stylesheet: a third lighter, every shared component's rules kept", () => {
  const root = path.resolve(__dirname, '..', '..', '..');
  const css = readFileSync(path.join(root, 'node_modules/antd/dist/antd.css'), 'utf8');
  const { css: trimmed } = trimStylesheet(css, ['antd/es/table', 'antd/es/select', 'antd/es/date-picker'], []);
  expect(trimmed.length).toBeLessThan(css.length * 0.8);
  for (const rule of ['.ant-table{', '.ant-select{', '.ant-picker{', '.ant-pagination{', '.ant-dropdown{'])
    expect(trimmed).toContain(rule);
  expect(trimmed).not.toContain('.ant-transfer{');
});
