import { errorCodeOf, getClientConfig, notifySuccess, renewSession, session } from '@bo/client';
import { errorText, loginFormSchema } from '@bo/contracts';
import { FormModal, PasswordField, useZodForm } from '@bo/ui';
import { useEffect, useState, useSyncExternalStore } from 'react';

// A session not kept ends with a reload (after 15 minutes, the configuration's `sessionAutoClearMs`). The user is asked for their password a minute
// before (the configuration's `sessionWarningMs`), in a dialog over the page: given, the session gets its full time
// again and the page stays as it is; ignored or dismissed, the session ends on time, and what the open forms held
// comes back after the next login (the kit's form drafts).
const passwordSchema = loginFormSchema.pick({ password: true });

function inWords(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds % 60 === 0) return seconds === 60 ? 'une minute' : `${seconds / 60} minutes`;
  return `${seconds} secondes`;
}

function RenewSessionDialog({ onClose }: { onClose: () => void }) {
  const form = useZodForm(passwordSchema, { password: '' }, { draft: false });
  const handleSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await renewSession(password);
      notifySuccess('Session prolongée');
    } catch (error) {
      form.setError('password', { type: 'server', message: errorText(errorCodeOf(error)) }, { shouldFocus: true });
    }
  });
  return (
    <FormModal
      open
      title="Votre session va se terminer"
      onCancel={onClose}
      onSubmit={(event) => void handleSubmit(event)}
      submitLabel="Rester connecté"
      submitting={form.formState.isSubmitting}
    >
      <p>
        Votre session n’est pas enregistrée : elle se termine dans {inWords(getClientConfig().sessionWarningMs)} et la
        page sera rechargée. Saisissez votre mot de passe pour la prolonger : la page reste telle quelle. Sinon, ce que
        vous avez saisi vous sera rendu après la reconnexion.
      </p>
      <PasswordField control={form.control} name="password" label="Mot de passe" autoFocus />
    </FormModal>
  );
}

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
