import {
  currentUserQueryOptions,
  errorCodeOf,
  getClientConfig,
  login,
  onTokenRejected,
  queryClient,
  session,
  useCurrentUser,
  useSignedIn,
} from '@bo/client';
import { appRoutes, canOpen, errorText, UNSUBSCRIBE_PATH, type AppRoute, type RemoteName } from '@bo/contracts';
import { Button, Spin } from 'antd';
import { Result } from '../pages/result';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { LoginCard } from '../auth/login-card';
import { AppLayout } from '../layout/app-layout';
import { ForbiddenPage, NotFoundPage } from '../pages/status-pages';
import { PUBLIC_PREFIX } from './public-paths';
import { RemoteOutlet } from './remote-outlet';

const MyAccountPage = lazy(() => import('../pages/my-account').then((m) => ({ default: m.MyAccountPage })));
const ModulesPage = lazy(() => import('../pages/modules-page').then((m) => ({ default: m.ModulesPage })));
const UnsubscribePage = lazy(() => import('../pages/unsubscribe-page').then((m) => ({ default: m.UnsubscribePage })));
const ShowroomRoutes = lazy(() => import('../showroom/showroom-routes').then((m) => ({ default: m.ShowroomRoutes })));

// A rejected token (expired, revoked, invalid) drops the cached user: the login card comes back.
onTokenRejected(() => queryClient.removeQueries({ queryKey: currentUserQueryOptions().queryKey }));

// Inside the application the API client is already there.
const loginClient = { login, errorCodeOf };
const loadLoginClient = () => Promise.resolve(loginClient);

function PageSpinner({ label }: { label: string }) {
  return (
    <div className="bo-loading bo-loading--page" role="status">
      <Spin />
      <span>{label}</span>
    </div>
  );
}

// Login card in place of any page while logged out; the layout around every page once logged in.
function SessionGate() {
  const signedIn = useSignedIn();
  const user = useCurrentUser();
  if (!signedIn) {
    return (
      <LoginCard
        appName={getClientConfig().appName}
        loadClient={loadLoginClient}
        rememberByDefault={session.hasStoredToken()}
      />
    );
  }
  if (user.isPending) return <PageSpinner label="Chargement de votre session…" />;
  if (user.isError) {
    return (
      <Result
        status="warning"
        title={errorText(errorCodeOf(user.error))}
        subTitle="Votre session n’a pas pu être chargée."
        extra={
          <Button type="primary" onClick={() => void user.refetch()}>
            Réessayer
          </Button>
        }
      />
    );
  }
  return (
    <AppLayout user={user.data}>
      <Outlet />
    </AppLayout>
  );
}

function GuardedRoute({ route }: { route: AppRoute }) {
  const { data: user } = useCurrentUser();
  if (!canOpen(route, user?.role)) return <ForbiddenPage />;
  if (route.owner === 'shell') {
    return (
      <Suspense fallback={<PageSpinner label="Chargement de la page…" />}>
        {route.path === '/modules' ? <ModulesPage /> : <MyAccountPage />}
      </Suspense>
    );
  }
  return <RemoteOutlet key={route.path} route={route as AppRoute & { owner: RemoteName }} />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={`${PUBLIC_PREFIX}/*`}
        element={
          <Suspense fallback={<PageSpinner label="Chargement…" />}>
            <ShowroomRoutes />
          </Suspense>
        }
      />
      <Route
        path={UNSUBSCRIBE_PATH}
        element={
          <Suspense fallback={<PageSpinner label="Chargement…" />}>
            <UnsubscribePage />
          </Suspense>
        }
      />
      <Route element={<SessionGate />}>
        <Route index element={<Navigate to={getClientConfig().defaultUrl} replace />} />
        {appRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<GuardedRoute route={route} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
