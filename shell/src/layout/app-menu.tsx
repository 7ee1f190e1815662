import {
  BarChartOutlined,
  CalendarOutlined,
  FileTextOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { appRoutes, canOpen, sectionLabels, type MenuSection, type RoleFlags } from '@bo/contracts';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { cancelRest, preloadOnRest, preloadPath, preloadWhenIdle } from '../routing/menu-preload';

const sectionIcons: Record<MenuSection, ReactNode> = {
  agenda: <CalendarOutlined />,
  contacts: <TeamOutlined />,
  needsSheets: <FileTextOutlined />,
  reports: <BarChartOutlined />,
  admin: <SettingOutlined />,
  account: <UserOutlined />,
};

type MenuItems = NonNullable<MenuProps['items']>;

// Only what the user's roles open (any of the roles a route lists).
export function menuItemsFor(role: RoleFlags): MenuItems {
  const sections = new Map<MenuSection, MenuItems>();
  for (const route of appRoutes) {
    if (!route.inMenu || !canOpen(route, role)) continue;
    const items = sections.get(route.section) ?? [];
    // The entry's remote downloads when the pointer rests on it or the keyboard reaches it.
    items.push({
      key: route.path,
      label: (
        <Link to={route.path} onFocus={() => void preloadPath(route.path)}>
          {route.title}
        </Link>
      ),
      onMouseEnter: () => preloadOnRest(route.path),
      onMouseLeave: cancelRest,
    });
    sections.set(route.section, items);
  }
  return [...sections.entries()].map(([section, children]) => ({
    key: `section:${section}`,
    icon: sectionIcons[section],
    label: sectionLabels[section],
    children,
  }));
}

export function AppMenu({
  role,
  mode,
  theme,
  collapsed,
  onNavigate,
}: {
  role: RoleFlags;
  mode: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const items = menuItemsFor(role);
  const openSection = appRoutes.find((route) => route.path === pathname)?.section;
  const currentKey = openSection ? `section:${openSection}` : null;
  useEffect(() => preloadWhenIdle(role), [role]);
  const [openKeys, setOpenKeys] = useState<string[]>(currentKey ? [currentKey] : []);
  // Arriving in another section opens it (state adjusted during render, not in an effect).
  const [seenKey, setSeenKey] = useState(currentKey);
  if (currentKey !== seenKey) {
    setSeenKey(currentKey);
    if (currentKey && !openKeys.includes(currentKey)) setOpenKeys([...openKeys, currentKey]);
  }
  return (
    <nav aria-label="Menu principal">
      <Menu
        mode={mode}
        theme={theme}
        items={items}
        selectedKeys={[pathname]}
        {...(collapsed || mode === 'horizontal' ? {} : { openKeys, onOpenChange: setOpenKeys })}
        inlineCollapsed={mode === 'inline' ? collapsed : undefined}
        onClick={() => onNavigate?.()}
      />
    </nav>
  );
}
