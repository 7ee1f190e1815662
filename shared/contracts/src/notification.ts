import { z } from 'zod';
import { recordPaths } from './routes';
import { messages } from './rules';

// Notifications (docs/notifications.md): what a user is told happened to their work, in the header's bell. The
// database writes them from the history of every write (migration 0037); the API's morning round the due todos.

export const notificationKinds = [
  'todosDue',
  'sheetAssigned',
  'sheetStatus',
  'contactAssigned',
  'todoForMyContact',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

// The preference page's labels, one per kind.
export const notificationKindLabels: Record<NotificationKind, string> = {
  todosDue: 'Mes tâches du jour et en retard (chaque matin)',
  sheetAssigned: 'Une fiche de besoin qui m’est attribuée',
  sheetStatus: 'Le changement de statut d’une fiche dont je m’occupe',
  contactAssigned: 'Un contact qui m’est attribué',
  todoForMyContact: 'Une tâche créée par un collègue pour un de mes contacts',
};

// The morning round: from this hour (Europe/Paris), each user with todos due today or overdue is told, once a day.
export const DUE_TODOS_HOUR = 7;
// Notifications older than this are deleted.
export const NOTIFICATION_KEEP_DAYS = 90;

const personSchema = z.object({
  id: z.number().int(),
  trigram: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

export const notificationRecordTypes = ['contact', 'needsSheet'] as const;
export type NotificationRecordType = (typeof notificationRecordTypes)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(notificationKinds),
  createdAt: z.string(),
  read: z.boolean(),
  // How many records it tells of (a selection reassigned at once): `record` is null past one.
  count: z.number().int(),
  // Who did it (null: the morning round, or a user since deleted).
  actor: personSchema.nullable(),
  // The record it opens; null for several records, or one since deleted.
  record: z.object({ type: z.enum(notificationRecordTypes), id: z.number().int(), label: z.string() }).nullable(),
  // todosDue: the counts; sheetStatus: the status set; todoForMyContact: the todo's task.
  detail: z.object({
    today: z.number().int().optional(),
    overdue: z.number().int().optional(),
    status: z.string().optional(),
    task: z.string().optional(),
  }),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

// What a user chose: each kind on or off (on unless turned off), the hour of the daily digest by e-mail (null: none),
// and whether the browser shows its own notifications too.
export const notificationPreferencesSchema = z.object({
  kinds: z.object(
    Object.fromEntries(notificationKinds.map((kind) => [kind, z.boolean({ error: messages.invalid })])) as Record<
      NotificationKind,
      z.ZodBoolean
    >,
  ),
  digestHour: z
    .number({ error: messages.invalid })
    .int(messages.invalid)
    .min(0, messages.invalid)
    .max(23, messages.invalid)
    .nullable(),
  browser: z.boolean({ error: messages.invalid }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  kinds: Object.fromEntries(notificationKinds.map((kind) => [kind, true])) as Record<NotificationKind, boolean>,
  digestHour: 8,
  browser: false,
};

// The stored preferences (a partial object, `{}` until the user chooses) with the defaults under them.
export function readNotificationPreferences(stored: unknown): NotificationPreferences {
  const value = typeof stored === 'object' && stored !== null ? (stored as Partial<NotificationPreferences>) : {};
  const parsed = notificationPreferencesSchema.safeParse({
    kinds: { ...DEFAULT_NOTIFICATION_PREFERENCES.kinds, ...(value.kinds ?? {}) },
    digestHour: value.digestHour === undefined ? DEFAULT_NOTIFICATION_PREFERENCES.digestHour : value.digestHour,
    browser: value.browser ?? DEFAULT_NOTIFICATION_PREFERENCES.browser,
  });
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_PREFERENCES;
}

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;
const personName = (person: Notification['actor']) =>
  person === null ? 'Quelqu’un' : `${person.firstName} ${person.lastName}`;

// The notification's sentence, in the bell's panel and the browser's own notification.
export function notificationText(notification: Notification): string {
  const { actor, record, count, detail } = notification;
  const who = personName(actor);
  switch (notification.kind) {
    case 'todosDue': {
      const parts = [];
      if ((detail.today ?? 0) > 0) parts.push(`${plural(detail.today ?? 0, 'tâche', 'tâches')} pour aujourd’hui`);
      if ((detail.overdue ?? 0) > 0) parts.push(`${plural(detail.overdue ?? 0, 'tâche', 'tâches')} en retard`);
      return parts.length === 0 ? 'Vos tâches du jour' : `Vous avez ${parts.join(' et ')}`;
    }
    case 'sheetAssigned':
      return record === null
        ? `${who} vous a attribué ${plural(count, 'fiche de besoin', 'fiches de besoin')}`
        : `${who} vous a attribué la fiche ${record.label}`;
    case 'sheetStatus':
      return record === null
        ? `${who} a changé le statut de ${plural(count, 'fiche', 'fiches')}`
        : `${who} a passé la fiche ${record.label} au statut « ${detail.status ?? '?'} »`;
    case 'contactAssigned':
      return record === null
        ? `${who} vous a attribué ${plural(count, 'contact', 'contacts')}`
        : `${who} vous a attribué le contact ${record.label}`;
    case 'todoForMyContact':
      return record === null
        ? `${who} a créé ${plural(count, 'tâche', 'tâches')} pour vos contacts`
        : `${who} a créé une tâche${detail.task === undefined ? '' : ` « ${detail.task} »`} pour votre contact ${record.label}`;
  }
}

export const unsubscribePayloadSchema = z.object({
  token: z.string({ error: messages.invalid }).regex(/^[\w-]{16,64}$/, messages.invalid),
});

// Where a notification leads: the record's panel on its list, or the page of its kind when it names none.
export function notificationLink(notification: Notification): string {
  const { record } = notification;
  if (record !== null) return recordPaths[record.type](record.id);
  switch (notification.kind) {
    case 'todosDue':
      return '/agenda';
    case 'sheetAssigned':
    case 'sheetStatus':
      return '/fiches-de-besoin';
    case 'contactAssigned':
    case 'todoForMyContact':
      return '/liste-contacts';
  }
}
