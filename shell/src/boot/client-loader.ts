// config.json and the API client: the first downloads, shared by the routing step (in the shell's entry) and
// the application.
import type * as ClientModule from '@bo/client';
import { once } from '@bo/client/once';

type Client = typeof ClientModule;

// A failed download is forgotten, so that the next attempt tries again.
export async function fetchJson(url: string, what: string): Promise<unknown> {
  // Asked of the server every time (a deploy shows on the next load), answered 304 while the copy held is current.
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${what} introuvable (${response.status})`);
  return response.json();
}

// config.json beside the shell (docs/configuration.md).
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
