import { session } from '@bo/client';
import { Button } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';

// An unsaved session ends after 15 minutes with a reload (spec section 4): the user is told a minute before and may
// keep it by saving it, which leaves it without a timer (as 'Enregistrer' at login would have).
const WARNING_MS = 60_000;

export function SessionExpiryNotice() {
  const clearAt = useSyncExternalStore(session.subscribe, session.getAutoClearAt, session.getAutoClearAt);
  // The end the warning was shown for: a new session (another end) starts unwarned.
  const [warnedFor, setWarnedFor] = useState<number | null>(null);
  useEffect(() => {
    if (clearAt === null) return;
    const timer = setTimeout(() => setWarnedFor(clearAt), Math.max(0, clearAt - WARNING_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [clearAt]);
  if (clearAt === null || warnedFor !== clearAt) return null;
  return (
    <div className="bo-session-notice" role="alert">
      <span>
        Votre session n’est pas enregistrée : elle se termine dans une minute et la page sera rechargée. Un formulaire
        ouvert sera retrouvé après la reconnexion.
      </span>
      <Button type="primary" onClick={() => session.keep()}>
        Rester connecté
      </Button>
    </div>
  );
}
