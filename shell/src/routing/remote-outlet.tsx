import type { AppRoute, RemoteName } from '@bo/contracts';
import { Button, Result, Spin } from 'antd';
import { Suspense, use, useState } from 'react';
import { ErrorBoundary } from '../pages/error-screen';
import { NotFoundPage } from '../pages/status-pages';
import { loadRemoteRoutes, retryRemote } from './remote-loader';

function RemotePageContent({ route }: { route: AppRoute & { owner: RemoteName } }) {
  const module = use(loadRemoteRoutes(route.owner));
  const page = module.routes.find((candidate) => candidate.path === route.path);
  return page ? page.element : <NotFoundPage />;
}

// A remote's page inside the layout. If the remote is offline, slow or throws, only this area shows a French
// fallback with a retry button; the menu and every other page keep working.
export function RemoteOutlet({ route }: { route: AppRoute & { owner: RemoteName } }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <ErrorBoundary
      resetKey={`${route.path}#${attempt}`}
      fallback={(error) => (
        <Result
          status="warning"
          title="Ce module est momentanément indisponible"
          subTitle={`« ${route.title} » n’a pas pu être chargé. Les autres pages restent accessibles. (${error.message})`}
          extra={
            <Button
              type="primary"
              onClick={() => {
                retryRemote(route.owner);
                setAttempt((n) => n + 1);
              }}
            >
              Réessayer
            </Button>
          }
        />
      )}
    >
      <Suspense
        fallback={
          <div className="bo-loading" role="status">
            <Spin />
            <span>Chargement de la page…</span>
          </div>
        }
      >
        <RemotePageContent route={route} />
      </Suspense>
    </ErrorBoundary>
  );
}
