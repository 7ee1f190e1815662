import { queryClient, useCurrentUser } from '@bo/client';
import { defaultLayoutSettings } from '@bo/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import frFR from 'antd/es/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { useLayoutEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { watchAssistiveNames } from './layout/assistive-names';
import { contrastTokens } from './layout/contrast-tokens';
import { Toasts } from './layout/toasts';
import { ErrorBoundary } from './pages/error-screen';
import { AppRoutes } from './routing/app-routes';

dayjs.locale('fr');
watchAssistiveNames();

// zeroRuntime: components take their styles from antd's stylesheet (loaded with the application) instead of
// building them in the browser on first render; the theme's tokens still arrive as CSS variables, declared on the
// class named by `cssVar.key`. One object per colour, made once, rather than a new one that antd compares deeply
// on every render.
const appThemes = {
  light: {
    algorithm: theme.defaultAlgorithm,
    token: contrastTokens.light,
    cssVar: { key: 'bo-theme-light' },
    zeroRuntime: true,
  },
  dark: {
    algorithm: theme.darkAlgorithm,
    token: contrastTokens.dark,
    cssVar: { key: 'bo-theme-dark' },
    zeroRuntime: true,
  },
} as const;

function ThemedApp() {
  const { data: user } = useCurrentUser();
  const color = user?.settings.color ?? defaultLayoutSettings.color;
  // The questions of useConfirm (@bo/ui) are antd's own dialogs, rendered outside this tree: this holder gives them
  // the same theme and locale.
  useLayoutEffect(() => {
    ConfigProvider.config({
      holderRender: (children) => (
        <ConfigProvider locale={frFR} theme={appThemes[color]}>
          {children}
        </ConfigProvider>
      ),
    });
  }, [color]);
  return (
    <ConfigProvider locale={frFR} theme={appThemes[color]}>
      {/* The root takes the theme's variables (its class, `cssVar.key`) and antd's base text styles (ant-app), without
          antd's App component, whose message, notification and dialog hooks no page uses. */}
      <div className={`ant-app bo-app bo-app--${color} ${appThemes[color].cssVar.key}`}>
        <Toasts theme={color === 'dark' ? 'dark' : 'light'} />
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
      </div>
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
