import { limits, TOKEN_STORAGE_KEY } from '@bo/contracts';

// The session: the token in memory, and in local storage under 'token' only when the user chose to save it
// (spec section 4). One module instance at run time: @bo/client is a federation singleton.

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

function emit() {
  for (const listener of listeners) listener();
}

// Without a stored token the session lives only in this page: after 15 minutes it is cleared and the page
// reloads, so an unsaved session on a shared computer does not outlive its user.
function armAutoClear() {
  if (autoClearTimer !== null || typeof window === 'undefined') return;
  autoClearAt = Date.now() + limits.sessionAutoClearMs;
  autoClearTimer = setTimeout(() => {
    session.clear();
    window.location.reload();
  }, limits.sessionAutoClearMs);
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
  // The user keeps an unsaved session: it is saved, as 'Enregistrer' would have done, and so has no timer any more.
  keep() {
    if (token === null) return;
    persist = true;
    storage()?.setItem(TOKEN_STORAGE_KEY, token);
    disarmAutoClear();
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
};
