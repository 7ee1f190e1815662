import { queryClient, setClientConfig } from '@bo/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import { createRoot } from 'react-dom/client';
import { LoginCard } from './antd-login-card';

setClientConfig({
  appName: 'Back office',
  apiUrl: 'http://localhost:4000',
  key: null,
  defaultUrl: '/agenda',
  chunkLoadTimeoutMs: 120_000,
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <QueryClientProvider client={queryClient}>
    <ConfigProvider locale={frFR} theme={{ cssVar: {} }}>
      <LoginCard />
    </ConfigProvider>
  </QueryClientProvider>,
);
