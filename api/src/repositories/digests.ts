import { randomBytes } from 'node:crypto';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@bo/contracts/all';
import { sql } from 'kysely';
import type { Db } from '../db/database';

// The daily digest's rows (migration 0038, docs/notifications.md): who is due one, the claim that keeps it to one send
// whichever instance sends it, what it tells, and the link that turns it off.

// A failed send is tried again after this long, this many times in all.
export const DIGEST_RETRY_AFTER_MINUTES = 5;
export const DIGEST_MAX_ATTEMPTS = 5;
// A claim not finished after this long (its instance stopped mid-send) is taken over.
const STALE_CLAIM_MINUTES = 10;

export type DigestRecipient = { id: number; email: string; firstName: string; lastName: string };
export type DigestTodo = {
  contactId: number;
  contactName: string;
  companyName: string | null;
  task: string;
  deadline: string;
  notes: string;
};
export type DigestSheet = { id: number; reference: string; title: string; deadline: string };
export type DigestContent = { todos: DigestTodo[]; sheets: DigestSheet[] };

// The stored hour, or the default when the user never chose; null when they turned the digest off.
const digestHour = sql<number | null>`case
  when not (u.notification_preferences ? 'digestHour') then ${DEFAULT_NOTIFICATION_PREFERENCES.digestHour}::integer
  when jsonb_typeof(u.notification_preferences -> 'digestHour') = 'number' then (u.notification_preferences ->> 'digestHour')::integer
  end`;

export function createDigestRepository(db: Db) {
  return {
    // The active users with an e-mail whose digest hour has come today (`hour`, Europe/Paris) and whose digest of `day`
    // is neither done nor being sent (a failed one past its retry delay, a stale claim, are due again).
    async due(day: string, hour: number): Promise<DigestRecipient[]> {
      const { rows } = await sql<{ id: number; email: string; first_name: string; last_name: string }>`
        select u.id, u.email, u.first_name, u.last_name
        from app_user u
        left join digest_send d on d.user_id = u.id and d.day = ${day}::date
        where u.is_active and u.email <> '' and ${digestHour} <= ${hour}
          and (d.user_id is null
            or (d.state = 'failed' and d.attempts < ${DIGEST_MAX_ATTEMPTS}
              and d.claimed_at < now() - make_interval(mins => ${DIGEST_RETRY_AFTER_MINUTES}))
            or (d.state = 'sending' and d.claimed_at < now() - make_interval(mins => ${STALE_CLAIM_MINUTES})))
        order by u.id`.execute(db);
      return rows.map((row) => ({ id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name }));
    },

    // Takes the user's digest of the day for this instance: false when another has it (or it is done).
    async claim(userId: number, day: string): Promise<boolean> {
      const { rows } = await sql`
        insert into digest_send as d (user_id, day, state) values (${userId}, ${day}::date, 'sending')
        on conflict (user_id, day) do update set state = 'sending', attempts = d.attempts + 1, claimed_at = now(),
          error = null
        where (d.state = 'failed' and d.attempts < ${DIGEST_MAX_ATTEMPTS}
            and d.claimed_at < now() - make_interval(mins => ${DIGEST_RETRY_AFTER_MINUTES}))
          or (d.state = 'sending' and d.claimed_at < now() - make_interval(mins => ${STALE_CLAIM_MINUTES}))
        returning d.user_id`.execute(db);
      return rows.length > 0;
    },

    async finish(userId: number, day: string, outcome: 'sent' | 'empty' | { error: string }): Promise<void> {
      await db
        .updateTable('digest_send')
        .set(
          typeof outcome === 'string'
            ? { state: outcome, sent_at: new Date(), error: null }
            : { state: 'failed', error: outcome.error.slice(0, 500) },
        )
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .execute();
    },

    // The user's pending todos due on `day` or before, by contact (then by deadline), and the open sheets they own or
    // work whose deadline falls from `day` to `weekEnd`.
    async content(userId: number, day: string, weekEnd: string): Promise<DigestContent> {
      const todos = await sql<{
        contact_id: number;
        contact_name: string;
        company_name: string | null;
        task: string;
        deadline: string;
        notes: string;
      }>`
        select c.id as contact_id, c.first_name || ' ' || c.last_name as contact_name, co.name as company_name,
          tk.description as task, to_char(t.deadline, 'YYYY-MM-DD') as deadline, t.notes
        from todo t
        join contact c on c.id = t.contact_id
        left join company co on co.id = c.company_id
        join task tk on tk.id = t.task_id
        where t.owner_id = ${userId} and t.is_active and not t.is_accomplished and t.deadline <= ${day}::date
        order by c.last_name, c.first_name, c.id, t.deadline, t.id
        limit 500`.execute(db);
      const sheets = await sql<{ id: number; reference: string; title: string; deadline: string }>`
        select s.id, s.reference, s.title, to_char(s.deadline, 'YYYY-MM-DD') as deadline
        from needs_sheet s
        where s.is_active and not s.closed and s.deadline between ${day}::date and ${weekEnd}::date
          and (s.owner_id = ${userId}
            or exists (select 1 from needs_sheet_recruiter r where r.needs_sheet_id = s.id and r.user_id = ${userId}))
        order by s.deadline, s.reference`.execute(db);
      return {
        todos: todos.rows.map((row) => ({
          contactId: row.contact_id,
          contactName: row.contact_name,
          companyName: row.company_name,
          task: row.task,
          deadline: row.deadline,
          notes: row.notes,
        })),
        sheets: sheets.rows,
      };
    },

    // The secret of the user's unsubscribe link, made the first time it is needed.
    async unsubscribeToken(userId: number): Promise<string> {
      const row = await sql<{ unsubscribe_token: string }>`
        update app_user set unsubscribe_token = coalesce(unsubscribe_token, ${randomBytes(24).toString('base64url')})
        where id = ${userId} returning unsubscribe_token`.execute(db);
      return row.rows[0].unsubscribe_token;
    },

    // Turns the digest off for the link's user; false when the link names nobody.
    async unsubscribe(token: string): Promise<boolean> {
      const { rows } = await sql`
        update app_user
        set notification_preferences = jsonb_set(notification_preferences, '{digestHour}', 'null'::jsonb, true)
        where unsubscribe_token = ${token}
        returning id`.execute(db);
      return rows.length > 0;
    },
  };
}
export type DigestRepository = ReturnType<typeof createDigestRepository>;
