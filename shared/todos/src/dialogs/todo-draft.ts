import { currentUserQueryOptions, queryClient, session } from '@bo/client';
import type { ContactSummary, Todo } from '@bo/contracts';
import { useEffect, useRef, useState } from 'react';

// What a todo dialog held when the page went away (an unsaved session ends with a reload): the same user finds it
// open again, as typed, once logged back in. Kept for the tab only (sessionStorage), for one user.
export type TodoDraft =
  | {
      kind: 'add';
      userId: number;
      contact: Pick<ContactSummary, 'id' | 'firstName' | 'lastName' | 'company'> | null;
      values: Record<string, unknown>;
    }
  | { kind: 'edit'; userId: number; todo: Todo; values: Record<string, unknown> };

const DRAFT_KEY = 'bo.todo-draft';

function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

// The connected user's id, read from the session's data (no subscription: a dialog is opened by a known user).
export function connectedUserId(): number | undefined {
  return queryClient.getQueryData(currentUserQueryOptions().queryKey)?.id;
}

export function readTodoDraft(userId: number | undefined): TodoDraft | null {
  if (userId === undefined) return null;
  try {
    const draft = JSON.parse(store()?.getItem(DRAFT_KEY) ?? 'null') as TodoDraft | null;
    return draft && draft.userId === userId ? draft : null;
  } catch {
    return null;
  }
}

export function clearTodoDraft() {
  store()?.removeItem(DRAFT_KEY);
}

// In an open dialog's form: its draft when one was kept for it (read once, then forgotten), and the form's values
// written down when the session ends (the 15-minute rule clears it, then reloads: the dialog closes with the session,
// before the page goes) or when the page goes away (`pagehide`, a reload).
export function useTodoDraft(
  matches: (draft: TodoDraft) => boolean,
  describe: (userId: number) => TodoDraft,
): Record<string, unknown> | null {
  const [userId] = useState(connectedUserId);
  const [kept] = useState(() => {
    const draft = readTodoDraft(userId);
    return draft && matches(draft) ? draft.values : null;
  });
  const latest = useRef(describe);
  useEffect(() => {
    latest.current = describe;
  });
  // Read: from now on the open form holds it.
  useEffect(() => clearTodoDraft(), []);
  useEffect(() => {
    if (userId === undefined) return;
    const save = () => store()?.setItem(DRAFT_KEY, JSON.stringify(latest.current(userId)));
    const unsubscribe = session.subscribe(() => {
      if (session.getToken() === null) save();
    });
    window.addEventListener('pagehide', save);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', save);
    };
  }, [userId]);
  return kept;
}
