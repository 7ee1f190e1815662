import type { AdminUser } from '@bo/contracts/records';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

// A user's last login as the list and the panel show it.
export const formatLastLogin = (user: AdminUser) =>
  user.lastLoginAt ? dateTime.format(new Date(user.lastLoginAt)) : 'Jamais';
