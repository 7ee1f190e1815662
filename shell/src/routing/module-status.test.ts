import { singletonUses } from './module-status';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: jest.fn(),
}));

describe('the singletons a remote got', () => {
  const scope = {
    react: { '19.3.1': { version: '19.3.1', from: 'shell', useIn: ['shell', 'contacts'] } },
    // antd is shared one component at a time: the remote took one of them.
    'antd/es/table': { '6.6.8': { version: '6.6.8', from: 'shell', useIn: ['shell'] } },
    'antd/es/button': { '6.6.8': { version: '6.6.8', from: 'shell', useIn: ['shell', 'contacts'] } },
    'react-router-dom': {
      '7.18.5': { version: '7.18.5', from: 'shell', useIn: ['shell'], treeShaking: { useIn: ['contacts'] } },
    },
    dayjs: { '1.11.23': { version: '1.11.23', from: 'shell', useIn: ['shell'] } },
  };

  it('names the copy taken and who provided it, or says it was not asked for yet', () => {
    const expected = { react: '19.3.1', antd: '6.6.8', 'react-router-dom': '7.18.5', dayjs: '1.11.23' };
    expect(singletonUses('contacts', expected, scope)).toEqual([
      { name: 'react', expected: '19.3.1', provided: '19.3.1', from: 'shell', ok: true },
      { name: 'antd', expected: '6.6.8', provided: '6.6.8', from: 'shell', ok: true },
      { name: 'react-router-dom', expected: '7.18.5', provided: '7.18.5', from: 'shell', ok: true },
      { name: 'dayjs', expected: '1.11.23', provided: null, from: null, ok: true },
    ]);
  });

  it('flags a remote built against another major version than the shell provides', () => {
    expect(singletonUses('admin', { react: '18.2.0' }, scope)).toEqual([
      { name: 'react', expected: '18.2.0', provided: null, from: null, ok: false },
    ]);
  });
});
