import { createRequire } from 'node:module';
import path from 'node:path';

const load = createRequire(__filename);
type Group = { name: string; test: (module: { resource?: string }) => boolean };
const { bootChunkGroups } = load('../federation.cjs') as {
  bootChunkGroups: (fromDir: string) => Record<string, Group>;
};

const root = path.resolve(__dirname, '..', '..', '..');
const groups = bootChunkGroups(path.join(root, 'shell'));
const groupOf = (file: string) =>
  Object.values(groups).find((group) => group.test({ resource: path.join(root, file) }))?.name ?? null;

describe("the shell's boot chunks", () => {
  test('React, its DOM renderer and their scheduler travel together, for the login card', () => {
    expect(groupOf('node_modules/react/index.js')).toBe('react');
    expect(groupOf('node_modules/react/jsx-runtime.js')).toBe('react');
    expect(groupOf('node_modules/react-dom/client.js')).toBe('react');
    expect(groupOf('node_modules/scheduler/index.js')).toBe('react');
  });

  test('the other singletons and what they depend on make the framework chunk', () => {
    expect(groupOf('node_modules/react-router/dist/production/index.mjs')).toBe('framework');
    expect(groupOf('node_modules/@tanstack/query-core/build/modern/index.js')).toBe('framework');
    expect(groupOf('node_modules/axios/index.js')).toBe('framework');
    expect(groupOf('node_modules/zod/v4/classic/schemas.js')).toBe('framework');
    expect(groupOf('shared/client/src/api.ts')).toBe('framework');
  });

  test("antd's code shared by many components makes a chunk of its own, apart from the framework", () => {
    expect(groupOf('node_modules/antd/es/config-provider/index.js')).toBe('antd-base');
    expect(groupOf('node_modules/@rc-component/trigger/es/index.js')).toBe('antd-base');
    expect(groups.antdBase.test({ resource: path.join(root, 'node_modules/react/index.js') })).toBe(false);
  });

  test("a package whose `exports` leave out its package.json is grouped too, rather than copied into every antd component's chunk", () => {
    // clsx (used by antd), @rc-component/picker and @rc-component/pagination (antd's locales).
    expect(groupOf('node_modules/clsx/dist/clsx.mjs')).toBe('antd-base');
    expect(
      groups.antd.test({ resource: path.join(root, 'node_modules/@rc-component/picker/es/locale/common.js') }),
    ).toBe(true);
    expect(
      groups.antd.test({ resource: path.join(root, 'node_modules/@rc-component/pagination/es/locale/en_US.js') }),
    ).toBe(true);
  });

  test('react-hook-form and react-toastify stay out of the framework chunk: they come with the first form, the first message', () => {
    expect(groupOf('node_modules/react-hook-form/dist/index.esm.mjs')).toBeNull();
    expect(groupOf('node_modules/react-toastify/dist/unstyled.mjs')).toBeNull();
  });

  test('the content-shared packages and the rest keep their own chunks', () => {
    expect(groupOf('shared/contracts/src/index.ts')).toBeNull();
    expect(groupOf('shared/ui/src/index.ts')).toBeNull();
    expect(groupOf('node_modules/@fullcalendar/core/index.js')).toBeNull();
    expect(groupOf('shell/src/app.tsx')).toBeNull();
  });

  test('a module without a file (a runtime or a container module) belongs to no group', () => {
    expect(groups.react.test({})).toBe(false);
    expect(groups.framework.test({})).toBe(false);
    expect(groups.antdBase.test({})).toBe(false);
  });
});
