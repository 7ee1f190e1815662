import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { LoginCard } from '../auth/login-card';
import { loadClient } from './client-loader';
import { hasStoredToken, loadApp, wantsAppAtOnce, warmUp } from './loaders';

export function BootError({ error }: { error: unknown }) {
  return (
    <main className="bo-boot-error" role="alert">
      <h1>Application indisponible</h1>
      <p>L’application n’a pas pu être chargée. Merci de réessayer dans un instant.</p>
      <p className="bo-boot-error__detail">{error instanceof Error ? error.message : String(error)}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Réessayer
      </button>
    </main>
  );
}

// The first screen: the login card alone while nobody is logged in, the application once a session exists (or
// on the public /tests pages).
export function Root({ appName }: { appName: string }) {
  const [wantsApp, setWantsApp] = useState(wantsAppAtOnce);
  const [App, setApp] = useState<ComponentType | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (!wantsApp) return;
    let live = true;
    loadApp().then(
      // A transition renders the layout in slices, so that the page's remote and its data requests, arriving
      // meanwhile, run between them instead of waiting for the whole first render.
      (app) => live && startTransition(() => setApp(() => app)),
      (error: unknown) => live && setFailure(error),
    );
    return () => {
      live = false;
    };
  }, [wantsApp]);

  if (failure) return <BootError error={failure} />;
  if (!wantsApp) {
    return (
      <LoginCard
        appName={appName}
        loadClient={loadClient}
        rememberByDefault={hasStoredToken()}
        onFocus={warmUp}
        onLoggedIn={() => setWantsApp(true)}
      />
    );
  }
  if (!App) {
    return (
      <div className="bo-loading bo-loading--page" role="status">
        <span className="bo-spinner" aria-hidden="true" />
        <span>Chargement…</span>
      </div>
    );
  }
  return <App />;
}
