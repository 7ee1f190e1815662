import { MenuOutlined, SettingOutlined, LogoutOutlined } from '@ant-design/icons';
import { getClientConfig, startLiveChanges, useLogout } from '@bo/client';
import { roleLabels, roleNames, type User } from '@bo/contracts';
import { lazyOverlay } from '@bo/ui';
import { Button, ConfigProvider, Layout, Space, theme, Tooltip, type DrawerProps } from 'antd';
import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { NotificationBell } from '../notifications/notification-bell';
import { SearchLauncher } from '../search/search-launcher';
import { AppMenu } from './app-menu';
import { contrastTokens } from './contrast-tokens';
import type { SettingsPanel as SettingsPanelComponent } from './settings-panel';
import { SessionExpiryDialog } from './session-expiry-dialog';
import { sidebarModeFor, useViewportWidth } from './use-viewport';

// The off-canvas menu and the display settings load when first opened.
const Drawer = lazyOverlay<DrawerProps>(() => import('antd/es/drawer'));
const SettingsPanel = lazyOverlay<ComponentProps<typeof SettingsPanelComponent>>(() =>
  import('./settings-panel').then((m) => ({ default: m.SettingsPanel })),
);

// The condensed sidebar's short mark of the application's name: its initials ('Back office' gives 'BO').
export function brandMark(appName: string): string {
  return appName
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0])
    .join('')
    .slice(0, 3)
    .toUpperCase();
}

// One object per theme, made once, rather than a new one that antd compares deeply at every navigation. Each with
// its own theme's readable colours: a light sidebar in the dark colour would otherwise inherit the dark ones.
const sidebarThemes = {
  light: { algorithm: theme.defaultAlgorithm, token: contrastTokens.light },
  dark: { algorithm: theme.darkAlgorithm, token: contrastTokens.dark },
} as const;

export function AppLayout({ user, children }: { user: User; children: ReactNode }) {
  const { settings } = user;
  const width = useViewportWidth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const navigate = useNavigate();
  // The next user starts on the default page, not on a page of the one leaving (which they may not open).
  const logout = useLogout({ onSettled: () => navigate('/', { replace: true }) });
  const horizontal = settings.layout === 'horizontal';
  const full = settings.layout === 'full';
  const mode = sidebarModeFor(width, settings.sidebarType);
  const offCanvas = mode === 'offCanvas' || full;
  const showSider = !horizontal && !offCanvas;
  const sidebarTheme = settings.sidebarTheme === 'default' ? settings.color : settings.sidebarTheme;
  const { appName } = getClientConfig();
  const roles = roleNames.filter((name) => user.role[name]).map((name) => roleLabels[name]);
  // The user is in: what colleagues change shows on every page (docs/live-changes.md), from the browser's first idle
  // moment, so that opening the stream never competes with the first page's paint.
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return startLiveChanges();
    const id = window.requestIdleCallback(() => startLiveChanges());
    return () => window.cancelIdleCallback(id);
  }, []);

  return (
    <Layout
      className={[
        'bo-layout',
        `bo-layout--${settings.layout}`,
        `bo-layout--${settings.width}`,
        `bo-layout--sidebar-${mode}`,
      ].join(' ')}
    >
      <a className="bo-skip-link" href="#bo-main">
        Aller au contenu
      </a>
      {showSider && (
        // The sidebar's own theme: a 'Clair' sidebar stays light in the dark colour, and a 'Sombre' one dark in the light.
        <ConfigProvider theme={sidebarThemes[sidebarTheme]}>
          <Layout.Sider
            className="bo-sider"
            theme={sidebarTheme}
            collapsed={mode === 'condensed'}
            width={240}
            collapsedWidth={72}
            trigger={null}
          >
            {mode === 'condensed' ? (
              <Link to="/" className="bo-brand bo-brand--mark" aria-label={appName} title={appName}>
                {brandMark(appName)}
              </Link>
            ) : (
              <Link to="/" className="bo-brand">
                {appName}
              </Link>
            )}
            <AppMenu role={user.role} mode="inline" theme={sidebarTheme} collapsed={mode === 'condensed'} />
          </Layout.Sider>
        </ConfigProvider>
      )}
      <Layout className="bo-main-column">
        <Layout.Header className="bo-header">
          <Space>
            {offCanvas && !horizontal && (
              <Button icon={<MenuOutlined />} aria-label="Ouvrir le menu" onClick={() => setMenuOpen(true)} />
            )}
            {(horizontal || offCanvas) && (
              <Link to="/" className="bo-brand bo-brand--header">
                {appName}
              </Link>
            )}
          </Space>
          {horizontal && !offCanvas && (
            <div className="bo-topnav">
              <AppMenu role={user.role} mode="horizontal" theme={settings.color} />
            </div>
          )}
          {horizontal && offCanvas && (
            <Button icon={<MenuOutlined />} aria-label="Ouvrir le menu" onClick={() => setMenuOpen(true)} />
          )}
          <Space className="bo-header__user">
            <Link to="/mon-compte" className="bo-user-chip" title={roles.join(', ')}>
              <strong>{user.trigram}</strong>
              <span className="bo-user-chip__name">
                {user.firstName} {user.lastName}
              </span>
            </Link>
            <SearchLauncher userId={user.id} />
            <NotificationBell />
            <Tooltip title="Paramètres d’affichage">
              <Button
                icon={<SettingOutlined />}
                aria-label="Paramètres d’affichage"
                onClick={() => setSettingsOpen(true)}
              />
            </Tooltip>
            <Tooltip title="Se déconnecter">
              <Button
                icon={<LogoutOutlined />}
                aria-label="Se déconnecter"
                loading={logout.isPending}
                onClick={() => logout.mutate()}
              />
            </Tooltip>
          </Space>
        </Layout.Header>
        <SessionExpiryDialog />
        <Layout.Content id="bo-main" className="bo-content" tabIndex={-1}>
          <div className="bo-content__inner">{children}</div>
        </Layout.Content>
      </Layout>
      <Drawer
        title="Menu"
        placement="left"
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        size={280}
        className="bo-offcanvas-menu"
      >
        <AppMenu role={user.role} mode="inline" theme="light" onNavigate={() => setMenuOpen(false)} />
      </Drawer>
      <SettingsPanel open={settingsOpen} onClose={() => setSettingsOpen(false)} settings={settings} />
    </Layout>
  );
}
