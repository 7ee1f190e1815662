import {
  NOTIFICATION_KEEP_DAYS,
  notificationSchema,
  readNotificationPreferences,
  type Notification,
  type NotificationPage,
  type NotificationPreferences,
} from '@bo/contracts/all';
import { sql } from 'kysely';
import type { Db } from '../db/database';

// A user's notifications (docs/notifications.md). The database writes those the history tells (migration 0037);
// this module reads them, marks them read, and writes the morning's due todos.

type Row = {
  id: string;
  kind: string;
  created_at: Date;
  read_at: Date | null;
  count: number;
  detail: Record<string, unknown>;
  actor_id: number | null;
  actor_trigram: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  record_type: 'contact' | 'needsSheet' | null;
  record_id: number | null;
  record_label: string | null;
  task: string | null;
};

function toNotification(row: Row): Notification {
  const detail: Notification['detail'] = {};
  if (typeof row.detail.today === 'number') detail.today = row.detail.today;
  if (typeof row.detail.overdue === 'number') detail.overdue = row.detail.overdue;
  if (typeof row.detail.status === 'string') detail.status = row.detail.status;
  if (row.task !== null) detail.task = row.task;
  return notificationSchema.parse({
    id: Number(row.id),
    kind: row.kind,
    createdAt: row.created_at.toISOString(),
    read: row.read_at !== null,
    count: row.count,
    actor:
      row.actor_id === null || row.actor_trigram === null
        ? null
        : {
            id: row.actor_id,
            trigram: row.actor_trigram,
            firstName: row.actor_first_name ?? '',
            lastName: row.actor_last_name ?? '',
          },
    record:
      row.record_type === null || row.record_id === null || row.record_label === null
        ? null
        : { type: row.record_type, id: row.record_id, label: row.record_label },
    detail,
  });
}

export function createNotificationRepository(db: Db) {
  return {
    // Newest first; the record each names as it is now (a todo's: its contact, and the todo's task).
    async page(userId: number, pageNumber: number, perPage: number): Promise<NotificationPage> {
      const { rows } = await sql<Row>`
        select n.id, n.kind, n.created_at, n.read_at, n.count, n.detail, n.actor_id,
          a.trigram as actor_trigram, a.first_name as actor_first_name, a.last_name as actor_last_name,
          case when n.entity = 'needsSheet' and s.id is not null then 'needsSheet'
            when c.id is not null then 'contact' end as record_type,
          coalesce(s.id, c.id) as record_id,
          coalesce(s.reference || ' — ' || s.title, c.first_name || ' ' || c.last_name) as record_label,
          tk.description as task
        from notification n
        left join app_user a on a.id = n.actor_id
        left join needs_sheet s on n.entity = 'needsSheet' and s.id = n.entity_id
        left join todo t on n.entity = 'todo' and t.id = n.entity_id
        left join task tk on tk.id = t.task_id
        left join contact c on c.id = case when n.entity = 'contact' then n.entity_id else t.contact_id end
          and c.merged_into_id is null
        where n.user_id = ${userId}
        order by n.id desc
        limit ${perPage} offset ${(pageNumber - 1) * perPage}`.execute(db);
      const counts = await sql<{ total: string; unread: string }>`
        select count(*) as total, count(*) filter (where read_at is null) as unread
        from notification where user_id = ${userId}`.execute(db);
      const { total, unread } = counts.rows[0];
      return { items: rows.map(toNotification), total: Number(total), unread: Number(unread) };
    },

    // False when the notification is not the user's (or no longer exists).
    async markRead(userId: number, id: number): Promise<boolean> {
      // One statement: read now, or left as read when it already was.
      const { rows } = await sql`
        update notification set read_at = coalesce(read_at, now())
        where id = ${id} and user_id = ${userId}
        returning id`.execute(db);
      return rows.length > 0;
    },

    async markAllRead(userId: number): Promise<void> {
      await db
        .updateTable('notification')
        .set({ read_at: new Date() })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute();
    },

    async preferences(userId: number): Promise<NotificationPreferences> {
      const row = await db
        .selectFrom('app_user')
        .select('notification_preferences')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return readNotificationPreferences(row.notification_preferences);
    },

    async savePreferences(userId: number, preferences: NotificationPreferences): Promise<NotificationPreferences> {
      await db
        .updateTable('app_user')
        .set({ notification_preferences: JSON.stringify(preferences) })
        .where('id', '=', userId)
        .execute();
      return preferences;
    },

    // The morning round for `day` (Europe/Paris): each active user with pending todos due that day or before, who
    // wants to be told, gets one notification with the counts; a second round the same day (another instance, a
    // restart) adds nothing. Notifications past their keeping time go. Returns how many were written.
    async tellDueTodos(day: string): Promise<number> {
      const written = await sql<{ id: string }>`
        insert into notification (user_id, kind, count, detail, day)
        select t.owner_id, 'todosDue', count(*),
          jsonb_build_object('today', count(*) filter (where t.deadline = ${day}::date),
            'overdue', count(*) filter (where t.deadline < ${day}::date)),
          ${day}::date
        from todo t
        where t.is_active and not t.is_accomplished and t.deadline <= ${day}::date
          and notification_wanted(t.owner_id, 'todosDue')
        group by t.owner_id
        on conflict (user_id, day) where kind = 'todosDue' do nothing
        returning id`.execute(db);
      await sql`delete from notification where created_at < now() - make_interval(days => ${NOTIFICATION_KEEP_DAYS})`.execute(
        db,
      );
      return written.rows.length;
    },
  };
}
export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
