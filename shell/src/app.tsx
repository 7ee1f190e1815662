import { queryClient, useCurrentUser } from '@bo/client';
import { defaultLayoutSettings } from '@bo/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import frFR from 'antd/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { watchAssistiveNames } from './layout/assistive-names';
import { ErrorBoundary } from './pages/error-screen';
import { AppRoutes } from './routing/app-routes';

dayjs.locale('fr');
watchAssistiveNames();

// WCAG AA (4.5:1) for text: antd's default blue gives white text 4.1:1 and links on white 4.1:1, its dark links
// 3.6:1 on the dark background. A deeper blue in the light theme (6.2:1 both ways), lighter links in the dark one.
const contrastTokens = {
  light: { colorPrimary: '#0958d9' },
  dark: { colorLink: '#4096ff' },
} as const;

function ThemedApp() {
  const { data: user } = useCurrentUser();
  const color = user?.settings.color ?? defaultLayoutSettings.color;
  return (
    // zeroRuntime: components take their styles from antd's stylesheet (loaded with the application) instead of
    // building them in the browser on first render; the theme's tokens still arrive as CSS variables.
    <ConfigProvider
      locale={frFR}
      theme={{ algorithm: color === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, token: contrastTokens[color], cssVar: {}, zeroRuntime: true }}
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
