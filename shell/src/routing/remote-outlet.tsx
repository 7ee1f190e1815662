import type { AppRoute, RemoteName } from '@bo/contracts';
import { trackPromise } from '@bo/ui/track-promise';
// Reads what the routing step follows (@bo/ui/track-promise) from the moment each download starts.
import { usePromise } from '@bo/ui/use-promise';
import { Button, Spin } from 'antd';
import { Result } from '../pages/result';
import { Suspense, useState } from 'react';
import { ErrorBoundary } from '../pages/error-screen';
import { NotFoundPage } from '../pages/status-pages';
import { loadRemoteRoutes, manifestUrlOf, pageOf, retryRemote } from './remote-loader';
import { RemoteLoadError } from './remote-version';

const loadingPage = (
  <div className="bo-loading" role="status">
    <Spin />
    <span>Chargement de la page…</span>
  </div>
);

// A page whose code is in the remote's routes module (usePromise gives undefined only while pending).
const inRoutesModule: Promise<unknown> = trackPromise(Promise.resolve(true));

// The remote's module, then the page's own chunk if it has one, arrive through state, not Suspense, so that the
// page shows as soon as they are there.
function RemotePageContent({ route }: { route: AppRoute & { owner: RemoteName } }) {
  const module = usePromise(loadRemoteRoutes(route.owner));
  const page = module && pageOf(module, route.path);
  const code = usePromise(page?.ready?.() ?? inRoutesModule);
  if (module === undefined) return loadingPage;
  if (!page) return <NotFoundPage />;
  return code === undefined ? loadingPage : page.element;
}

// The French fallback of a remote's area: why (in a user's words), the retry, and for support a collapsed
// 'Détails' with the module and its address. Never the federation runtime's own text: that goes to
// the console.
export function RemoteFallback({
  route,
  error,
  onRetry,
}: {
  route: AppRoute & { owner: RemoteName };
  error: Error;
  onRetry: () => void;
}) {
  const failure = error instanceof RemoteLoadError ? error : null;
  const incompatible = failure?.kind === 'incompatible';
  return (
    <Result
      status="warning"
      title={
        incompatible
          ? 'Ce module a été construit pour une version incompatible de l’application'
          : 'Ce module est momentanément indisponible'
      }
      subTitle={
        <>
          <p className="ant-typography">
            {incompatible
              ? `« ${route.title} » n’a pas été chargé : ${failure.reason}. Les autres pages restent accessibles.`
              : `« ${route.title} » n’a pas pu être chargé${failure ? ` (${failure.reason})` : ''}. Les autres pages restent accessibles.`}
          </p>
          <details className="bo-error-details">
            <summary>Détails</summary>
            <span>
              Module : {route.owner}
              {manifestUrlOf(route.owner) ? ` — adresse : ${manifestUrlOf(route.owner)}` : ''}
              {/* The reason of a failed load is already in view above. */}
              {failure ? '' : ' — cause : erreur pendant l’affichage de la page'}
            </span>
          </details>
        </>
      }
      extra={
        <Button type="primary" onClick={onRetry}>
          Réessayer
        </Button>
      }
    />
  );
}

// A remote's page inside the layout. If the remote is offline, slow or throws, only this area shows a French
// fallback with a retry button; the menu and every other page keep working.
export function RemoteOutlet({ route }: { route: AppRoute & { owner: RemoteName } }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <ErrorBoundary
      resetKey={`${route.path}#${attempt}`}
      fallback={(error) => (
        <RemoteFallback
          route={route}
          error={error}
          onRetry={() => {
            retryRemote(route.owner);
            setAttempt((n) => n + 1);
          }}
        />
      )}
    >
      {/* A page that suspends while it renders still gets the same fallback. */}
      <Suspense fallback={loadingPage}>
        <RemotePageContent route={route} />
      </Suspense>
    </ErrorBoundary>
  );
}
