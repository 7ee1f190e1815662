import { errorCodeOf, getClientConfig, notifySuccess, renewSession } from '@bo/client';
import { errorText, loginFormSchema } from '@bo/contracts';
import { FormModal } from '@bo/ui';
import { PasswordField, useZodForm } from '@bo/ui/form';

// The dialog that asks for the password a minute before a session not kept ends (session-expiry-dialog.tsx).
const passwordSchema = loginFormSchema.pick({ password: true });

function inWords(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds % 60 === 0) return seconds === 60 ? 'une minute' : `${seconds / 60} minutes`;
  return `${seconds} secondes`;
}

export function RenewSessionDialog({ onClose }: { onClose: () => void }) {
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
