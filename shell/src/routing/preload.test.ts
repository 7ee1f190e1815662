/** @jest-environment jsdom */
import type * as Runtime from '@module-federation/enhanced/runtime';
import type { RemotePage } from '@bo/ui';
import type { RoleName, User } from '@bo/contracts';

// The federation runtime is the boundary: jest cannot fetch a remote's manifest, so its loadRemote is played here.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const config = { appName: 'Back office', apiUrl: 'http://api.test', defaultUrl: '/agenda', chunkLoadTimeoutMs: 5_000 };
const registry = {
  agenda: 'http://remotes.test/agenda/mf-manifest.json',
  contacts: 'http://remotes.test/contacts/mf-manifest.json',
};

let runtime: jest.Mocked<typeof Runtime>;
let client: typeof import('@bo/client');
let preload: typeof import('./preload');

function page(path: string) {
  return { path, element: null, ready: jest.fn(async () => () => null), prefetch: jest.fn() } satisfies RemotePage;
}

// Lets the promise chains of the preloading settle.
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(async () => {
  jest.resetModules();
  window.localStorage.clear();
  // config.json beside the shell; each remote's version.json beside its manifest (built with these contracts).
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
  client = await import('@bo/client');
  preload = await import('./preload');
});

afterEach(() => client.session.clear());

// A saved session: its token, and its user already known (what the login leaves behind).
function loggedIn(role: RoleName = 'businessTeam') {
  client.queryClient.setQueryData(client.currentUserQueryOptions().queryKey, user(role));
  client.session.setToken('saved-token');
}

function openAt(pathname: string) {
  window.history.pushState({}, '', pathname);
}

// Only the roles matter to the routing step.
function user(role: RoleName): User {
  const roles = { admin: false, businessLeader: false, businessTeam: false, recruitmentTeam: false };
  return { role: { ...roles, [role]: true } } as User;
}

describe('prepareRouting', () => {
  it("downloads the page's remote and code behind the login card, and asks for its data only once logged in", async () => {
    const agenda = page('/agenda');
    runtime.loadRemote.mockResolvedValue({ routes: [agenda] });
    openAt('/agenda');
    preload.prepareRouting(registry);
    await settle();
    expect(runtime.loadRemote).toHaveBeenCalledWith('agenda/routes');
    expect(agenda.ready).toHaveBeenCalled();
    // No session yet: a request now would be refused.
    expect(agenda.prefetch).not.toHaveBeenCalled();

    loggedIn();
    await settle();
    expect(agenda.prefetch).toHaveBeenCalledTimes(1);
  });

  it('prefetches at once with a session, and leads / to the default page', async () => {
    const agenda = page('/agenda');
    runtime.loadRemote.mockResolvedValue({ routes: [agenda] });
    loggedIn();
    openAt('/');
    preload.prepareRouting(registry);
    await settle();
    expect(agenda.prefetch).toHaveBeenCalledTimes(1);
  });

  it('never downloads a remote the user may not open', async () => {
    loggedIn('businessTeam');
    openAt('/equipe');
    preload.prepareRouting(registry);
    await settle();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('waits for the session before asking who the user is, then preloads a page the role may open', async () => {
    const team = page('/equipe');
    runtime.loadRemote.mockResolvedValue({ routes: [team] });
    openAt('/equipe');
    preload.prepareRouting(registry);
    await settle();
    expect(runtime.loadRemote).not.toHaveBeenCalled();

    // As the login does: the answer's token is stored as it is read, the user it carries a few promises later.
    const answer = async () => {
      client.session.setToken('token-after-login');
      return user('businessLeader');
    };
    const readAnswer = async () => answer();
    client.queryClient.setQueryData(client.currentUserQueryOptions().queryKey, await readAnswer());
    await settle();
    expect(runtime.loadRemote).toHaveBeenCalledWith('contacts/routes');
    expect(team.prefetch).toHaveBeenCalledTimes(1);
  });

  it('leaves the pages of the shell and unknown paths alone', async () => {
    loggedIn();
    for (const pathname of ['/mon-compte', '/nulle-part']) {
      openAt(pathname);
      preload.prepareRouting(registry);
    }
    await settle();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });
});
