import type * as Runtime from '@module-federation/enhanced/runtime';
import type { RemoteRoutesModule } from '@bo/ui';

// The federation runtime is the boundary: jest cannot fetch a remote's manifest, so its loadRemote is played here.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const config = { appName: 'Back office', apiUrl: 'http://api.test', chunkLoadTimeoutMs: 5_000 };
const routesModule: RemoteRoutesModule = { routes: [{ path: '/liste-contacts', element: null }] };

let loader: typeof import('./remote-loader');
let runtime: jest.Mocked<typeof Runtime>;
let consoleError: jest.SpyInstance;
// What each remote's version.json says (absent: 404).
let versionFiles: Record<string, unknown>;
const contractsVersion = (jest.requireActual('@bo/contracts/package.json') as { version: string }).version;
const versionFile = (name: string, range = `^${contractsVersion}`) => ({
  name,
  version: '0.1.0-abcdef12',
  builtAt: '2026-11-25T01:00:00.000Z',
  contracts: { version: range.replace('^', ''), range },
  singletons: { react: '19.3.1' },
});

beforeEach(async () => {
  jest.resetModules();
  versionFiles = { contacts: versionFile('contacts') };
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // config.json beside the shell, where the time limit comes from; each remote's version.json beside its manifest.
  globalThis.fetch = jest.fn(async (input: string | URL | Request) => {
    const url = String(input);
    const remote = /remotes\.test\/(\w+)\/version\.json$/.exec(url)?.[1];
    if (remote === undefined) return new Response(JSON.stringify(config));
    const file = versionFiles[remote];
    return file === undefined ? new Response('Not found', { status: 404 }) : new Response(JSON.stringify(file));
  }) as typeof fetch;
  runtime = jest.requireMock('@module-federation/enhanced/runtime');
  loader = await import('./remote-loader');
  loader.applyRemoteRegistry({ contacts: 'http://remotes.test/contacts/mf-manifest.json' });
});

afterEach(() => {
  jest.useRealTimers();
  consoleError.mockRestore();
});

describe('loadRemoteRoutes', () => {
  it("gives the remote's routes module", async () => {
    runtime.loadRemote.mockResolvedValue(routesModule);
    await expect(loader.loadRemoteRoutes('contacts')).resolves.toBe(routesModule);
    expect(runtime.loadRemote).toHaveBeenCalledWith('contacts/routes');
  });

  it("fails with the configuration's time limit when the remote never answers", async () => {
    jest.useFakeTimers();
    runtime.loadRemote.mockReturnValue(new Promise(() => undefined));
    const outcome = loader.loadRemoteRoutes('contacts').then(
      () => 'loaded',
      (error: Error) => error.message,
    );
    await jest.advanceTimersByTimeAsync(4_999);
    await expect(Promise.race([outcome, Promise.resolve('pending')])).resolves.toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('Module contacts indisponible : délai de chargement dépassé');
  });

  it('does not time out a remote that answered in time', async () => {
    jest.useFakeTimers();
    runtime.loadRemote.mockResolvedValue(routesModule);
    const promise = loader.loadRemoteRoutes('contacts');
    await jest.advanceTimersByTimeAsync(10_000);
    await expect(promise).resolves.toBe(routesModule);
  });

  it('tries a failed download twice more, after 300 ms then 1 s, and hands over the remote that then answers', async () => {
    jest.useFakeTimers();
    runtime.loadRemote
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(routesModule);
    const promise = loader.loadRemoteRoutes('contacts');
    await jest.advanceTimersByTimeAsync(0);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(299);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(999);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(100);
    await expect(promise).resolves.toBe(routesModule);
    // Each new attempt starts afresh in the runtime too (the failed manifest is not kept).
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'contacts', entry: 'http://remotes.test/contacts/mf-manifest.json' }],
      { force: true },
    );
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("reports a download failed three times in French, the runtime's own text going to the console only", async () => {
    jest.useFakeTimers();
    runtime.loadRemote.mockRejectedValue(new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003'));
    const outcome = loader.loadRemoteRoutes('contacts').catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(1_299);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(100);
    const error = await outcome;
    expect(error).toBeInstanceOf(loader.RemoteLoadError);
    expect((error as Error).message).toBe('Module contacts indisponible : son code n’a pas pu être téléchargé');
    expect((error as Error).message).not.toContain('RUNTIME');
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('contacts'),
      expect.stringContaining('RUNTIME-003'),
    );
  });

  it('does not hand over a remote built against contracts this shell does not satisfy', async () => {
    runtime.loadRemote.mockResolvedValue(routesModule);
    versionFiles.contacts = versionFile('contacts', '^99.0.0');
    const error = await loader.loadRemoteRoutes('contacts').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'incompatible', remote: 'contacts' });
    // Asking again would get the same answer: no retry.
    expect(globalThis.fetch).toHaveBeenCalledWith('http://remotes.test/contacts/version.json', { cache: 'no-cache' });
    expect(
      (globalThis.fetch as jest.Mock).mock.calls.filter(([url]) => String(url).endsWith('version.json')),
    ).toHaveLength(1);
    expect((error as Error).message).toContain(
      `construit avec les contrats 99.0.0 (compatibles ^99.0.0), l’application fournit ${contractsVersion}`,
    );
    expect(loader.loadedVersionOf('contacts')).toBeUndefined();
  });

  it('refuses a remote without version.json, and remembers the version of one that passed', async () => {
    runtime.loadRemote.mockResolvedValue(routesModule);
    loader.applyRemoteRegistry({
      contacts: 'http://remotes.test/contacts/mf-manifest.json',
      admin: 'http://remotes.test/admin/mf-manifest.json',
    });
    await expect(loader.loadRemoteRoutes('admin')).rejects.toMatchObject({
      kind: 'incompatible',
      reason: 'version inconnue (version.json absent)',
    });
    await expect(loader.loadRemoteRoutes('contacts')).resolves.toBe(routesModule);
    expect(loader.loadedVersionOf('contacts')?.version).toBe('0.1.0-abcdef12');
    expect(globalThis.fetch).toHaveBeenCalledWith('http://remotes.test/contacts/version.json', { cache: 'no-cache' });
  });

  it('refuses a module without routes and a remote missing from the registry', async () => {
    jest.useFakeTimers();
    runtime.loadRemote.mockResolvedValue({});
    const empty = expect(loader.loadRemoteRoutes('contacts')).rejects.toThrow(
      'Module contacts indisponible : module vide',
    );
    await jest.advanceTimersByTimeAsync(1_400);
    await empty;
    await expect(loader.loadRemoteRoutes('admin')).rejects.toThrow('Module admin indisponible : absent du registre');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);
  });

  it('keeps one promise per remote, a failed one included, until retryRemote forgets it', async () => {
    jest.useFakeTimers();
    runtime.loadRemote
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(routesModule);
    const failed = loader.loadRemoteRoutes('contacts');
    const rejected = expect(failed).rejects.toThrow('son code n’a pas pu être téléchargé');
    await jest.advanceTimersByTimeAsync(1_400);
    await rejected;
    expect(loader.loadRemoteRoutes('contacts')).toBe(failed);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);

    loader.retryRemote('contacts');
    // The runtime's own cache of the failed attempt is dropped too.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'contacts', entry: 'http://remotes.test/contacts/mf-manifest.json' }],
      { force: true },
    );
    const again = loader.loadRemoteRoutes('contacts');
    await jest.advanceTimersByTimeAsync(100);
    await expect(again).resolves.toBe(routesModule);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(4);
  });
});

describe('applyRemoteRegistry', () => {
  it('registers every remote of remotes.json and refuses a malformed registry', () => {
    expect(runtime.registerRemotes).toHaveBeenCalledWith([
      { name: 'contacts', entry: 'http://remotes.test/contacts/mf-manifest.json' },
    ]);
    expect(() => loader.applyRemoteRegistry({ contacts: 42 })).toThrow();
  });
});
