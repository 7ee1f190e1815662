import { endpoints } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { registerEndpoint } from '../../http/register-endpoint';
import { authOf } from '../../plugins/app/auth';

// The header's bell (docs/notifications.md): each user reads and marks their own notifications only.
export async function notificationRoutes(app: FastifyInstance) {
  const { repos } = app;

  registerEndpoint(app, endpoints.notifications, async (request) =>
    repos.notifications.page(authOf(request).user.id, request.query.page, request.query.perPage),
  );

  registerEndpoint(app, endpoints.readNotification, async (request) => {
    if (!(await repos.notifications.markRead(authOf(request).user.id, request.params.id)))
      throw new AppError('modelNotFound', { field: 'id' });
    return null;
  });

  registerEndpoint(app, endpoints.readAllNotifications, async (request) => {
    await repos.notifications.markAllRead(authOf(request).user.id);
    return null;
  });

  registerEndpoint(app, endpoints.notificationPreferences, async (request) =>
    repos.notifications.preferences(authOf(request).user.id),
  );

  registerEndpoint(app, endpoints.saveNotificationPreferences, async (request) =>
    repos.notifications.savePreferences(authOf(request).user.id, request.body),
  );

  registerEndpoint(app, endpoints.unsubscribeDigest, async (request) => {
    if (!(await repos.digests.unsubscribe(request.body.token))) throw new AppError('modelNotFound', { field: 'token' });
    return null;
  });
}
