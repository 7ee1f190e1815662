import { errorCodeOf, getClientConfig, session, useLogin } from '@bo/client';
import { errorText, loginFormSchema } from '@bo/contracts';
import { PasswordField, SwitchField, TextField, useZodForm } from '@bo/ui/form';
import { Alert, Button, Card, Typography } from 'antd';

// The login card as a plain antd form (the kit's fields): the baseline the shell's own, lighter card is measured
// against. Same texts and fields as shell/src/auth/login-card.tsx.
export function LoginCard() {
  const login = useLogin();
  const form = useZodForm(loginFormSchema, {
    trigram: '',
    password: '',
    // On when a token is already stored, as on the product's login card.
    save: session.hasStoredToken(),
  });
  const handleSubmit = form.handleSubmit((values) => login.mutate(values));
  return (
    <main className="bo-login">
      <Card className="bo-login__card">
        <Typography.Title level={1} className="bo-login__title">
          {getClientConfig().appName}
        </Typography.Title>
        <Typography.Paragraph type="secondary">Connectez-vous avec votre trigramme.</Typography.Paragraph>
        <form onSubmit={handleSubmit} noValidate aria-label="Connexion">
          <TextField
            control={form.control}
            name="trigram"
            label="Trigramme"
            required
            autoComplete="username"
            maxLength={3}
          />
          <PasswordField control={form.control} name="password" label="Mot de passe" />
          <SwitchField
            control={form.control}
            name="save"
            label="Se souvenir de moi"
            onLabel="Enregistrer"
            offLabel="Ne pas enregistrer"
          />
          {login.isError && (
            <Alert type="error" showIcon title={errorText(errorCodeOf(login.error))} className="bo-login__error" />
          )}
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            Se connecter
          </Button>
        </form>
      </Card>
    </main>
  );
}
