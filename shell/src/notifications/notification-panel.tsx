import { callEndpoint } from '@bo/client';
import { endpoints, notificationLink, notificationText, type Notification } from '@bo/contracts/notifications';
import { LoadFailed } from '@bo/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, List, Spin, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { notificationsQueryOptions } from './notification-queries';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

// The bell's panel: the notifications newest first, each opening its record (and read then), all marked read at once.
export function NotificationPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const page = useQuery({ ...notificationsQueryOptions(), enabled: open });
  const reload = () => queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey });
  const readOne = useMutation({
    mutationFn: (id: number) => callEndpoint(endpoints.readNotification, { path: { id }, params: {} }),
    onSettled: reload,
  });
  const readAll = useMutation({
    mutationFn: () => callEndpoint(endpoints.readAllNotifications, { params: {} }),
    onSettled: reload,
  });
  const openOne = (notification: Notification) => {
    if (!notification.read) readOne.mutate(notification.id);
    onClose();
    navigate(notificationLink(notification));
  };
  const unread = page.data?.unread ?? 0;
  return (
    <Drawer
      title="Notifications"
      placement="right"
      open={open}
      onClose={onClose}
      size={400}
      className="bo-notifications"
      extra={
        <Button size="small" disabled={unread === 0} loading={readAll.isPending} onClick={() => readAll.mutate()}>
          Tout marquer comme lu
        </Button>
      }
    >
      {page.isPending ? (
        <Spin tip="Chargement des notifications…">
          <div style={{ minHeight: 80 }} />
        </Spin>
      ) : page.isError ? (
        <LoadFailed title="Les notifications n’ont pas pu être chargées." onRetry={() => void page.refetch()} />
      ) : page.data.items.length === 0 ? (
        <Empty description="Aucune notification" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          aria-label="Notifications"
          dataSource={page.data.items}
          renderItem={(notification) => (
            <List.Item
              className={notification.read ? 'bo-notification' : 'bo-notification bo-notification--unread'}
              actions={
                notification.read
                  ? []
                  : [
                      <Button
                        key="read"
                        size="small"
                        aria-label={`Marquer comme lue : ${notificationText(notification)}`}
                        onClick={() => readOne.mutate(notification.id)}
                      >
                        Lue
                      </Button>,
                    ]
              }
            >
              <Link
                to={notificationLink(notification)}
                className="bo-notification__link"
                onClick={(event) => {
                  event.preventDefault();
                  openOne(notification);
                }}
              >
                {!notification.read && <span className="bo-sr-only">Non lue : </span>}
                {notificationText(notification)}
                <Typography.Text type="secondary" className="bo-notification__when">
                  {dateTime.format(new Date(notification.createdAt))}
                </Typography.Text>
              </Link>
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
