import { limits, TOKEN_STORAGE_KEY } from '@bo/contracts';
import { peekClientConfig } from './config';

// The session: the token in memory, and in local storage under 'token' only when the user chose to save it
// ("Enregistrer" on the login card). One module instance at run time: @bo/client is a federation singleton.

type Listener = () => void;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readStored(): string | null {
  return storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;
}

let token: string | null = readStored();
let persist = token !== null;
let autoClearTimer: ReturnType<typeof setTimeout> | null = null;
// When the unsaved session ends (epoch milliseconds), for the warning a minute before.
let autoClearAt: number | null = null;
const listeners = new Set<Listener>();
// Told just before the token goes (the 15-minute end, a refused token, a logout), while the page still shows what the
// user typed.
const endingListeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

// Without a stored token the session lives only in this page: after 15 minutes (or the configuration's
// `sessionAutoClearMs`) it is cleared and the page reloads, so an unsaved session on a shared computer does not
// outlive its user.
function armAutoClear() {
  if (autoClearTimer !== null || typeof window === 'undefined') return;
  const duration = peekClientConfig()?.sessionAutoClearMs ?? limits.sessionAutoClearMs;
  autoClearAt = Date.now() + duration;
  autoClearTimer = setTimeout(() => {
    session.clear();
    window.location.reload();
  }, duration);
}

function disarmAutoClear() {
  if (autoClearTimer !== null) clearTimeout(autoClearTimer);
  autoClearTimer = null;
  autoClearAt = null;
}

export const session = {
  getToken(): string | null {
    return token;
  },
  // When this unsaved session will be cleared, or null (a saved session has no timer).
  getAutoClearAt(): number | null {
    return autoClearAt;
  },
  // Whether the token is kept in local storage ('Enregistrer'): a session that is not leaves nothing behind its tab.
  isSaved(): boolean {
    return persist;
  },
  // The user proved again who they are (their password, before the end): an unsaved session gets its full time again.
  renew() {
    if (token === null || persist) return;
    disarmAutoClear();
    armAutoClear();
    emit();
  },
  hasStoredToken(): boolean {
    return readStored() !== null;
  },
  // Called before login: whether the token that comes back is kept in local storage.
  setPersist(save: boolean) {
    persist = save;
    if (!save) storage()?.removeItem(TOKEN_STORAGE_KEY);
  },
  setToken(next: string) {
    if (next === token) return;
    token = next;
    if (persist) {
      storage()?.setItem(TOKEN_STORAGE_KEY, next);
      disarmAutoClear();
    } else {
      armAutoClear();
    }
    emit();
  },
  clear() {
    if (token !== null) for (const listener of endingListeners) listener();
    disarmAutoClear();
    const had = token !== null;
    token = null;
    storage()?.removeItem(TOKEN_STORAGE_KEY);
    if (had) emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  onEnding(listener: Listener): () => void {
    endingListeners.add(listener);
    return () => endingListeners.delete(listener);
  },
};
