import { queryClient, useCurrentUser } from '@bo/client';
import { defaultLayoutSettings } from '@bo/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { ErrorBoundary } from './pages/error-screen';
import { AppRoutes } from './routing/app-routes';

dayjs.locale('fr');

function ThemedApp() {
  const { data: user } = useCurrentUser();
  const color = user?.settings.color ?? defaultLayoutSettings.color;
  return (
    // zeroRuntime: components take their styles from antd's stylesheet (loaded with the application) instead of
    // building them in the browser on first render; the theme's tokens still arrive as CSS variables.
    <ConfigProvider
      locale={frFR}
      theme={{ algorithm: color === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, cssVar: {}, zeroRuntime: true }}
    >
      <AntApp className={`bo-app bo-app--${color}`}>
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
        {/* Spec section 9: top right, 3 s, newest on top, closes on click or drag, pauses on hover and focus loss. */}
        <ToastContainer
          position="top-right"
          autoClose={3000}
          newestOnTop
          closeOnClick
          draggable
          pauseOnHover
          pauseOnFocusLoss
          theme={color === 'dark' ? 'dark' : 'light'}
        />
      </AntApp>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ThemedApp />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
