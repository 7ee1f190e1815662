import { getClientConfig, session } from '@bo/client';
import { lazyOverlay } from '@bo/ui';
import { useEffect, useState, useSyncExternalStore } from 'react';

// A session not kept ends with a reload (after 15 minutes, the configuration's `sessionAutoClearMs`). The user is asked for their password a minute
// before (the configuration's `sessionWarningMs`), in a dialog over the page: given, the session gets its full time
// again and the page stays as it is; ignored or dismissed, the session ends on time, and what the open forms held
// comes back after the next login (the kit's form drafts).
// The dialog's code (a form, a password field) comes when it opens: most visits never show it.
const RenewSessionDialog = lazyOverlay<{ onClose: () => void }>(() =>
  import('./renew-session-dialog').then((module) => ({ default: module.RenewSessionDialog })),
);

export function SessionExpiryDialog() {
  const clearAt = useSyncExternalStore(session.subscribe, session.getAutoClearAt, session.getAutoClearAt);
  // The end the dialog was shown for, and the one it was dismissed for: a renewed session (another end) starts afresh.
  const [warnedFor, setWarnedFor] = useState<number | null>(null);
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);
  useEffect(() => {
    if (clearAt === null) return;
    const timer = setTimeout(
      () => setWarnedFor(clearAt),
      Math.max(0, clearAt - getClientConfig().sessionWarningMs - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [clearAt]);
  if (clearAt === null || warnedFor !== clearAt || dismissedFor === clearAt) return null;
  return <RenewSessionDialog key={clearAt} onClose={() => setDismissedFor(clearAt)} />;
}
