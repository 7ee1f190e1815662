// What the shell downloads after its first screen, each once. The login card needs none of it: the API client
// and the application (antd, the router, the layout) arrive when a session exists, or while someone is typing
// into the login card.
import type * as ClientModule from '@bo/client';
// Zod-free parts of the contracts, bundled here: the boot must not wait for the schemas (and zod) to evaluate.
import { TOKEN_STORAGE_KEY } from '@bo/contracts/rules';
import antdStylesheetUrl from 'antd/dist/antd.css';
import type * as AppModule from '../app';
import { isPublicPath } from '../routing/public-paths';

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

// A saved session (spec section 4).
export function hasStoredToken(): boolean {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

// With a saved session, or on the public /tests pages, the first screen is the application, not the login card.
export function wantsAppAtOnce(): boolean {
  return hasStoredToken() || isPublicPath(window.location.pathname);
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
// downloading as soon as the registry is there, beside the client and the application's own chunks.
const routingReady = once(async () => {
  const [routing, registry] = await Promise.all([import('../routing/preload'), fetchJson('/remotes.json', 'Registre des modules')]);
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

// In the order the page needs them: the client (and the schemas) before the page's remote, which needs them
// to run, then antd and the layout.
export const loadApp = once(async (): Promise<(typeof AppModule)['App']> => {
  const [, , app] = await Promise.all([loadClient(), routingReady(), import('../app'), loadAntdStylesheet()]);
  return app.App;
});

// Starts the downloads without waiting for them (a failure shows when they are needed).
export function warmUp() {
  void loadApp().catch(() => undefined);
}

// From the shell's entry, before React has arrived: config.json, and the application when it is the first
// screen, so that they download beside the first screen's own chunks rather than after them.
export function startDownloads() {
  void fetchConfigJson().catch(() => undefined);
  if (wantsAppAtOnce()) warmUp();
}
