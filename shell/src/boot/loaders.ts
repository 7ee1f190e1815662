// What the shell downloads after its first screen, each once. The login card needs none of it: the API client
// and the application (antd, the router, the layout) arrive when a session exists, or while someone is typing
// into the login card.
import type * as ClientModule from '@bo/client';
// Zod-free parts of the contracts, bundled here: the boot must not wait for the schemas (and zod) to evaluate.
import { TOKEN_STORAGE_KEY } from '@bo/contracts/rules';
import antdStylesheetUrl from 'antd/dist/antd.css';
import type * as AppModule from '../app';

type Client = typeof ClientModule;

// A failed download is forgotten, so that the next attempt tries again.
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

// A saved session (spec section 4): the application is needed at once.
export function hasStoredToken(): boolean {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

async function fetchJson(url: string, what: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${what} introuvable (${response.status})`);
  return response.json();
}

// config.json beside the shell (spec section 1).
export const fetchConfigJson = once(() => fetchJson('/config.json', 'Configuration'));

export function appNameOf(json: unknown): string {
  const name = (json as { appName?: unknown } | null)?.appName;
  return typeof name === 'string' && name.trim() !== '' ? name : 'Back office';
}

export const loadClient = once(async (): Promise<Client> => {
  const [client, json] = await Promise.all([import('@bo/client'), fetchConfigJson()]);
  client.applyClientConfig(json);
  // With a session, the user is asked for while the application downloads.
  if (client.session.getToken()) void client.queryClient.prefetchQuery(client.currentUserQueryOptions());
  return client;
});

// remotes.json beside the shell: where the remotes live, learnt at run time. The page's remote starts
// downloading as soon as the registry and the client are there, beside the application's own chunks.
const routingReady = once(async () => {
  const [routing, , registry] = await Promise.all([import('../routing/preload'), loadClient(), fetchJson('/remotes.json', 'Registre des modules')]);
  routing.prepareRouting(registry);
});

// antd's whole stylesheet (the theme runs antd without building styles at run time), before the shell's own
// stylesheet so that it keeps the last word. The application waits for it; the login card does not.
const loadAntdStylesheet = once(
  () =>
    new Promise<void>((resolve, reject) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = antdStylesheetUrl;
      link.onload = () => resolve();
      link.onerror = () => {
        link.remove();
        reject(new Error('Feuille de style introuvable'));
      };
      document.head.insertBefore(link, document.head.querySelector('link[rel="stylesheet"]'));
    }),
);

export const loadApp = once(async (): Promise<(typeof AppModule)['App']> => {
  const [app] = await Promise.all([import('../app'), routingReady(), loadAntdStylesheet()]);
  return app.App;
});

// Starts the downloads without waiting for them (a failure shows when they are needed).
export function warmUp() {
  void loadApp().catch(() => undefined);
}
