import { BellOutlined } from '@ant-design/icons';
import type { Notification } from '@bo/contracts/notifications';
import { lazyOverlay } from '@bo/ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import type { NotificationPanel as NotificationPanelComponent } from './notification-panel';
import { notificationPreferencesQueryOptions, notificationsQueryOptions } from './notification-queries';

// The panel loads when first opened.
const NotificationPanel = lazyOverlay<ComponentProps<typeof NotificationPanelComponent>>(() =>
  import('./notification-panel').then((m) => ({ default: m.NotificationPanel })),
);

// The header's bell (docs/notifications.md): how many notifications are unread, the panel listing them. Read at the
// browser's first idle moment, never competing with the first page's paint, then kept fresh by the event stream.
export function NotificationBell() {
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return setReady(true);
    const id = window.requestIdleCallback(() => setReady(true));
    return () => window.cancelIdleCallback(id);
  }, []);
  const page = useQuery({ ...notificationsQueryOptions(), enabled: ready });
  useBrowserNotifications(page.data?.items, ready);
  const unread = page.data?.unread ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} non lue${unread > 1 ? 's' : ''}`;
  return (
    <>
      <Tooltip title="Notifications">
        <Button
          className="bo-bell"
          icon={<BellOutlined />}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          {unread > 0 && (
            <span className="bo-bell__count" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </Tooltip>
      <NotificationPanel open={open} onClose={() => setOpen(false)} />
    </>
  );
}

// The browser's own notification for each unread one that arrives while the tab is open, when the user chose them and
// the browser allows them; not for those already there when the page opened.
function useBrowserNotifications(items: Notification[] | undefined, enabled: boolean) {
  const preferences = useQuery({ ...notificationPreferencesQueryOptions(), enabled });
  const newest = useRef<number | null>(null);
  useEffect(() => {
    if (items === undefined) return;
    const seen = newest.current;
    newest.current = Math.max(seen ?? 0, ...items.map((item) => item.id));
    if (seen === null || preferences.data?.browser !== true) return;
    if (typeof window.Notification !== 'function' || window.Notification.permission !== 'granted') return;
    const arrived = items.filter((one) => one.id > seen && !one.read);
    if (arrived.length === 0) return;
    void import('@bo/contracts/notifications').then(({ notificationText }) => {
      for (const item of arrived)
        new window.Notification('Back office', { body: notificationText(item), tag: `bo-notification-${item.id}` });
    });
  }, [items, preferences.data?.browser]);
}
