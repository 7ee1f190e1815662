// What the shell downloads after its first screen, each once. The login card needs none of it: the API client
// and the application (antd, the router, the layout) arrive when a session exists, or while someone is typing
// into the login card.
// Zod-free parts of the contracts, bundled here: the boot must not wait for the schemas (and zod) to evaluate.
import { TOKEN_STORAGE_KEY } from '@bo/contracts/rules';
import antdStylesheetUrl from 'antd/dist/antd.css';
import toastsStylesheetUrl from 'react-toastify/dist/ReactToastify.css';
import type * as AppModule from '../app';
import { prepareRouting } from '../routing/preload';
import { isPublicPath } from '../routing/public-paths';
import { once } from '@bo/client/once';
import { fetchConfigJson, fetchJson, loadClient } from './client-loader';

// A saved session: a token kept in local storage because the user chose "Enregistrer".
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

// remotes.json beside the shell: where the remotes live, learnt at run time. The page's remote starts
// downloading as soon as the registry is there, beside the client and the application's own chunks: the
// routing step is part of the shell's entry, so it does not wait for React or a chunk of its own.
// Settles with the page's preloading, which goes on by itself.
const routingReady = once(async () => ({
  preloaded: prepareRouting(await fetchJson('/remotes.json', 'Registre des modules')),
}));

// How long antd's stylesheet waits, at most, for the page's data to be asked for (see loadApp).
const STYLESHEET_WAIT_MS = 300;

function addStylesheet(href: string, before: Element | null): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new Error('Feuille de style introuvable'));
    };
    document.head.insertBefore(link, before);
  });
}

// antd's whole stylesheet (the theme runs antd without building styles at run time), and the messages' (react-
// toastify's code comes later, without the styles it would add to the page when it arrives: the whole page would
// then be restyled), before the shell's own stylesheet so that it keeps the last word. The application waits for
// them; the login card does not.
const loadStylesheets = once(async () => {
  const shellStylesheet = document.head.querySelector('link[rel="stylesheet"]');
  await Promise.all([
    addStylesheet(antdStylesheetUrl, shellStylesheet),
    addStylesheet(toastsStylesheetUrl, shellStylesheet),
  ]);
});

// In the order the page needs them: the client (and the schemas) before the page's remote, which needs them
// to run, then antd and the layout. antd's stylesheet holds the main thread for tens of milliseconds (parsed,
// then its rules indexed): it is asked for once the page's remote has run its prefetch, so that the requests the
// page waits on (the remote's manifest and code, then its data) are not queued behind it, but spend their round
// trips while it is parsed.
export const loadApp = once(async (): Promise<(typeof AppModule)['App']> => {
  const routing = routingReady();
  const stylesheet = routing
    .then(({ preloaded }) =>
      Promise.race([preloaded, new Promise((resolve) => setTimeout(resolve, STYLESHEET_WAIT_MS))]),
    )
    .then(loadStylesheets);
  const [, , app] = await Promise.all([loadClient(), routing, import('../app'), stylesheet]);
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
