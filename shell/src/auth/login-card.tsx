import { errorText } from '@bo/contracts/errors';
import { loginFieldErrors, TRIGRAM_LENGTH, type LoginFieldErrors } from '@bo/contracts/rules';
import type * as ClientModule from '@bo/client';
import { useEffect, useRef, useState, type FormEvent } from 'react';

// What the card needs of the API client, which it receives rather than downloads itself: the card is a view, the
// boot decides when the client arrives.
export type LoginClient = Pick<typeof ClientModule, 'login' | 'errorCodeOf'>;

// The error code of a failed login: the API client's own when it could answer, 'API indisponible' when even the
// client could not be downloaded.
async function failureText(error: unknown, loadClient: () => Promise<LoginClient>): Promise<string> {
  try {
    const client = await loadClient();
    return errorText(client.errorCodeOf(error));
  } catch {
    return errorText('apiUnavailable');
  }
}

type LoginCardProps = {
  appName: string;
  // The API client, downloaded on demand.
  loadClient: () => Promise<LoginClient>;
  // Whether "Se souvenir de moi" starts on (a saved session existed).
  rememberByDefault: boolean;
  // Someone is about to log in: what the application needs can start downloading.
  onFocus?: () => void;
  // Called once the session exists (the shell then shows the application).
  onLoggedIn?: () => void;
};

// Shown in place of any page while nobody is logged in (its checks: loginFieldErrors in @bo/contracts). Plain HTML styled like the kit,
// so that it shows before antd and the API client are downloaded; those come while the user types.
export function LoginCard({ appName, loadClient, rememberByDefault, onFocus, onLoggedIn }: LoginCardProps) {
  const [values, setValues] = useState(() => ({ trigram: '', password: '', save: rememberByDefault }));
  const [errors, setErrors] = useState<LoginFieldErrors | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const trigramRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const focusingFirstField = useRef(false);

  // The card is the whole screen: typing starts in its first field. That focus is not someone about to log in
  // (the downloads wait for a key or a click), so that the card alone still weighs what it weighed.
  useEffect(() => {
    focusingFirstField.current = true;
    trigramRef.current?.focus();
    focusingFirstField.current = false;
  }, []);
  const handleFocus = () => {
    if (!focusingFirstField.current) onFocus?.();
  };

  // Once submitted, the messages follow what the user types, like the kit's forms.
  const change = (field: 'trigram' | 'password', value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors) setErrors(loginFieldErrors(next));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = loginFieldErrors(values);
    setErrors(found);
    if (found.trigram) return trigramRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setPending(true);
    setFailure(null);
    try {
      const client = await loadClient();
      await client.login(values);
      onLoggedIn?.();
    } catch (error) {
      setFailure(await failureText(error, loadClient));
      setPending(false);
    }
  };

  const trigramError = errors?.trigram;
  const passwordError = errors?.password;
  return (
    <main className="bo-login">
      <section className="bo-login__card" aria-labelledby="login-title">
        <h1 id="login-title" className="bo-login__title">
          {appName}
        </h1>
        <p className="bo-login__intro">Connectez-vous avec votre trigramme.</p>
        <form
          onSubmit={(event) => void handleSubmit(event)}
          onFocus={handleFocus}
          onInput={onFocus}
          onPointerDown={onFocus}
          noValidate
          aria-label="Connexion"
        >
          <div className={`bo-field${trigramError ? ' bo-field--error' : ''}`}>
            <label className="bo-field__label" htmlFor="login-trigram">
              Trigramme
              <span className="bo-field__required" aria-hidden="true">
                {' *'}
              </span>
            </label>
            <input
              ref={trigramRef}
              id="login-trigram"
              className="bo-login__input"
              value={values.trigram}
              onChange={(event) => change('trigram', event.target.value)}
              maxLength={TRIGRAM_LENGTH}
              autoComplete="username"
              autoCapitalize="characters"
              spellCheck={false}
              required
              aria-invalid={trigramError ? true : undefined}
              aria-describedby="login-trigram-error"
            />
            <div className="bo-field__error" id="login-trigram-error" role={trigramError ? 'alert' : undefined}>
              {trigramError ?? ''}
            </div>
          </div>
          <div className={`bo-field${passwordError ? ' bo-field--error' : ''}`}>
            <label className="bo-field__label" htmlFor="login-password">
              Mot de passe
              <span className="bo-field__required" aria-hidden="true">
                {' *'}
              </span>
            </label>
            <span className="bo-login__password">
              <input
                ref={passwordRef}
                id="login-password"
                className="bo-login__input"
                type={showPassword ? 'text' : 'password'}
                value={values.password}
                onChange={(event) => change('password', event.target.value)}
                autoComplete="current-password"
                required
                aria-invalid={passwordError ? true : undefined}
                aria-describedby="login-password-error"
              />
              <button
                type="button"
                className="bo-login__reveal"
                aria-pressed={showPassword}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                {showPassword ? 'Masquer' : 'Afficher'}
                <span className="bo-sr-only"> le mot de passe</span>
              </button>
            </span>
            <div className="bo-field__error" id="login-password-error" role={passwordError ? 'alert' : undefined}>
              {passwordError ?? ''}
            </div>
          </div>
          <div className="bo-field bo-login__save">
            <span className="bo-field__label" id="login-save-label">
              Se souvenir de moi
            </span>
            <button
              type="button"
              role="switch"
              className="bo-login__switch"
              aria-checked={values.save}
              aria-labelledby="login-save-label"
              onClick={() => setValues((current) => ({ ...current, save: !current.save }))}
            >
              <span className="bo-login__switch-track" aria-hidden="true" />
              <span className="bo-login__switch-text">{values.save ? 'Enregistrer' : 'Ne pas enregistrer'}</span>
            </button>
          </div>
          {failure && (
            <div className="bo-login__error" role="alert">
              {failure}
            </div>
          )}
          <button type="submit" className="bo-login__submit" disabled={pending} aria-busy={pending || undefined}>
            {pending && <span className="bo-spinner" aria-hidden="true" />}
            Se connecter
          </button>
        </form>
      </section>
    </main>
  );
}
