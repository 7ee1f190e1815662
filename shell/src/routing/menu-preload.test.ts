/** @jest-environment jsdom */
import type * as Runtime from '@module-federation/enhanced/runtime';
import type { RoleFlags } from '@bo/contracts';

// The federation runtime is the boundary: jest cannot fetch a remote's manifest, so its loadRemote is played here.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const config = { appName: 'Back office', apiUrl: 'http://api.test', defaultUrl: '/agenda', chunkLoadTimeoutMs: 5_000 };
const registry = Object.fromEntries(
  ['agenda', 'contacts', 'needsSheets', 'reports', 'admin'].map((name) => [
    name,
    `http://remotes.test/${name}/mf-manifest.json`,
  ]),
);

let runtime: jest.Mocked<typeof Runtime>;
let client: typeof import('@bo/client');
let menu: typeof import('./menu-preload');

const businessTeam: RoleFlags = { admin: false, businessLeader: false, businessTeam: true, recruitmentTeam: false };
const remotesAsked = () => runtime.loadRemote.mock.calls.map(([id]) => id);

beforeEach(async () => {
  jest.resetModules();
  const contracts = (jest.requireActual('@bo/contracts/package.json') as { version: string }).version;
  globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
    const remote = /remotes\.test\/(\w+)\/version\.json$/.exec(String(input))?.[1];
    const body = remote
      ? {
          name: remote,
          version: '0.1.0-abcdef12',
          builtAt: '2026-11-25T01:00:00.000Z',
          contracts: { version: contracts, range: `^${contracts}` },
          singletons: {},
        }
      : config;
    return { ok: true, status: 200, json: async () => body } as Response;
  });
  runtime = jest.requireMock('@module-federation/enhanced/runtime');
  runtime.loadRemote.mockImplementation(async () => ({ routes: [] }));
  client = await import('@bo/client');
  (await import('./remote-loader')).applyRemoteRegistry(registry);
  menu = await import('./menu-preload');
});

afterEach(() => jest.useRealTimers());

describe('preloadOnRest', () => {
  it('downloads the remote of an entry the pointer rests on for 100 ms, not of one it passes over', async () => {
    jest.useFakeTimers();
    menu.preloadOnRest('/liste-contacts');
    await jest.advanceTimersByTimeAsync(60);
    menu.cancelRest();
    menu.preloadOnRest('/rapports/annuaire');
    await jest.advanceTimersByTimeAsync(99);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(remotesAsked()).toEqual(['reports/routes']);
  });

  it('downloads each remote once, and nothing for the pages of the shell', async () => {
    await Promise.all([
      menu.preloadPath('/liste-contacts'),
      menu.preloadPath('/liste-societes'),
      menu.preloadPath('/mon-compte'),
    ]);
    expect(remotesAsked()).toEqual(['contacts/routes']);
  });
});

describe('preloadWhenIdle', () => {
  it("waits for the first page's remote and data, then downloads the remotes the roles open, never the others", async () => {
    window.history.pushState({}, '', '/agenda');
    let answer: (value: unknown) => void = () => undefined;
    // The page's data, still on its way.
    void client.queryClient.fetchQuery({
      queryKey: ['test', 'month'],
      queryFn: () => new Promise((resolve) => (answer = resolve)),
    });
    menu.preloadWhenIdle(businessTeam);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(remotesAsked()).toEqual(['agenda/routes']);

    answer([]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(remotesAsked()).toEqual(['agenda/routes', 'contacts/routes', 'needsSheets/routes', 'reports/routes']);

    // Once per load of the application.
    menu.preloadWhenIdle({ ...businessTeam, admin: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(remotesAsked()).not.toContain('admin/routes');
  });

  it('never fetches the remote of a first page the user may not open (the forbidden screen shows instead)', async () => {
    window.history.pushState({}, '', '/gestion-taches');
    menu.preloadWhenIdle(businessTeam);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(remotesAsked()).toEqual(['agenda/routes', 'contacts/routes', 'needsSheets/routes', 'reports/routes']);
  });
});
