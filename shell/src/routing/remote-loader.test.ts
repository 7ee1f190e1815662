import type * as Runtime from '@module-federation/enhanced/runtime';
import type { RemoteRoutesModule } from '@bo/ui';

// The federation runtime is the boundary: jest cannot fetch a remote's manifest, so its loadRemote is played here.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const config = { appName: 'Back office', apiUrl: 'http://api.test', chunkLoadTimeoutMs: 5_000 };
const routesModule: RemoteRoutesModule = { routes: [{ path: '/liste-contacts', element: null }] };

let loader: typeof import('./remote-loader');
let runtime: jest.Mocked<typeof Runtime>;

beforeEach(async () => {
  jest.resetModules();
  // config.json beside the shell, where the time limit comes from.
  globalThis.fetch = jest.fn(async () => new Response(JSON.stringify(config))) as typeof fetch;
  runtime = jest.requireMock('@module-federation/enhanced/runtime');
  loader = await import('./remote-loader');
  loader.applyRemoteRegistry({ contacts: 'http://remotes.test/contacts/mf-manifest.json' });
});

afterEach(() => jest.useRealTimers());

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

  it('reports a failed download with its cause', async () => {
    runtime.loadRemote.mockRejectedValue(new Error('manifest 404'));
    await expect(loader.loadRemoteRoutes('contacts')).rejects.toThrow('manifest 404');
  });

  it('refuses a module without routes and a remote missing from the registry', async () => {
    runtime.loadRemote.mockResolvedValue({});
    await expect(loader.loadRemoteRoutes('contacts')).rejects.toThrow('Module contacts indisponible : module vide');
    await expect(loader.loadRemoteRoutes('admin')).rejects.toThrow('Module admin indisponible : absent du registre');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });

  it('keeps one promise per remote, a failed one included, until retryRemote forgets it', async () => {
    runtime.loadRemote.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(routesModule);
    const failed = loader.loadRemoteRoutes('contacts');
    await expect(failed).rejects.toThrow('offline');
    expect(loader.loadRemoteRoutes('contacts')).toBe(failed);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);

    loader.retryRemote('contacts');
    // The runtime's own cache of the failed attempt is dropped too.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'contacts', entry: 'http://remotes.test/contacts/mf-manifest.json' }],
      { force: true },
    );
    await expect(loader.loadRemoteRoutes('contacts')).resolves.toBe(routesModule);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });
});

describe('applyRemoteRegistry', () => {
  it('registers every remote of remotes.json and refuses a malformed registry', () => {
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'contacts', entry: 'http://remotes.test/contacts/mf-manifest.json' }]);
    expect(() => loader.applyRemoteRegistry({ contacts: 42 })).toThrow();
  });
});
