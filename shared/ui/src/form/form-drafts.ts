import { currentUserQueryOptions, queryClient, session } from '@bo/client';

// What the open forms held when the session ended (the end of an unsaved session reloads the page): each kit form
// that the user had changed is written down for that user, and the same form, opened at the same address after
// the next login, takes it back. A password is never written down. A session not kept ('Ne pas enregistrer')
// keeps its drafts for its tab only (sessionStorage), a kept one in the browser (localStorage).

type Values = Record<string, unknown>;
// `name`: the form's name at its address; `read`: its values while the user has changed them, else null.
type OpenForm = { name: string; read: () => Values | null };

const openForms = new Set<OpenForm>();
const isSecret = (name: string) => /password/i.test(name);

function stores(): Storage[] {
  try {
    return [window.sessionStorage, window.localStorage];
  } catch {
    return [];
  }
}

const storageKey = (userId: number) => `bo.drafts.${userId}`;

function connectedUserId(): number | undefined {
  return queryClient.getQueryData(currentUserQueryOptions().queryKey)?.id;
}

function readAll(store: Storage, userId: number): Record<string, Values> {
  try {
    const parsed: unknown = JSON.parse(store.getItem(storageKey(userId)) ?? '{}');
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, Values>) : {};
  } catch {
    return {};
  }
}

function writeAll(store: Storage, userId: number, drafts: Record<string, Values>) {
  try {
    if (Object.keys(drafts).length === 0) store.removeItem(storageKey(userId));
    else store.setItem(storageKey(userId), JSON.stringify(drafts));
  } catch {
    // A full or refused storage loses the draft, never the session's end.
  }
}

function saveOpenForms() {
  const userId = connectedUserId();
  const [tabStore, browserStore] = stores();
  const store = session.isSaved() ? browserStore : tabStore;
  if (userId === undefined || !store) return;
  const drafts = readAll(store, userId);
  for (const form of openForms) {
    const values = form.read();
    if (!values) continue;
    const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !isSecret(name)));
    // The address as the page ends: the one the next login opens again.
    if (Object.keys(kept).length > 0) drafts[draftKey(form.name)] = kept;
  }
  writeAll(store, userId, drafts);
}

let listening = false;

// An open form, from its mount to its unmount.
export function registerOpenForm(form: OpenForm): () => void {
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    session.onEnding(saveOpenForms);
  }
  openForms.add(form);
  return () => openForms.delete(form);
}

// The draft kept for this form (its name at the current address) and the connected user, taken out of the storage (the form holds it from now on).
export function takeDraft(name: string): Values | null {
  const key = draftKey(name);
  const userId = connectedUserId();
  if (userId === undefined) return null;
  let found: Values | null = null;
  for (const store of stores()) {
    const drafts = readAll(store, userId);
    if (!(key in drafts)) continue;
    found ??= drafts[key];
    delete drafts[key];
    writeAll(store, userId, drafts);
  }
  return found;
}

// Where a form is: the page's address and the form's own name (given, or its fields), so that a record's panel
// finds its draft again when the same record opens, and no other form takes it.
function draftKey(name: string): string {
  const where = typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}`;
  return `${where}#${name}`;
}
