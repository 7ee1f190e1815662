import { createHash, randomBytes } from 'node:crypto';
import { CALENDAR_FEED_DONE_DAYS, contactName, formatPhone, type CalendarFeedState } from '@bo/contracts/all';
import { sql } from 'kysely';
import type { Db } from '../db/database';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type FeedTodo = {
  id: number;
  deadline: string;
  notes: string;
  isAccomplished: boolean;
  // How many times the todo was written since its creation, and when last (its creation at first).
  version: number;
  lastModified: Date;
  task: string;
  contact: string;
  company: string | null;
  phone: string | null;
};

export function createCalendarFeedRepository(db: Db) {
  return {
    async state(userId: number): Promise<CalendarFeedState> {
      const row = await db
        .selectFrom('calendar_feed')
        .select('created_at')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return { enabled: row !== undefined, createdAt: row?.created_at.toISOString() ?? null };
    },

    // A new token (256 random bits) replaces the user's previous one: only its hash is kept.
    async renew(userId: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('calendar_feed')
        .values({ user_id: userId, token_hash: hashOf(token) })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: hashOf(token), created_at: sql`now()` }))
        .execute();
      return token;
    },

    async remove(userId: number): Promise<void> {
      await db.deleteFrom('calendar_feed').where('user_id', '=', userId).execute();
    },

    // The active user a token belongs to, if any.
    async owner(token: string): Promise<{ id: number; trigram: string } | undefined> {
      return db
        .selectFrom('calendar_feed as f')
        .innerJoin('app_user as u', 'u.id', 'f.user_id')
        .select(['u.id', 'u.trigram'])
        .where('f.token_hash', '=', hashOf(token))
        .where('u.is_active', '=', true)
        .executeTakeFirst();
    },

    // The user's pending todos, and those accomplished in the last days, by deadline: two reads, each through an
    // index of its own (pending todos by owner; accomplished ones by owner and execution date, migration 0026).
    async todos(userId: number): Promise<FeedTodo[]> {
      const feedTodos = () =>
        db
          .selectFrom('todo as t')
          .innerJoin('task as tk', 'tk.id', 't.task_id')
          .innerJoin('contact as c', 'c.id', 't.contact_id')
          .leftJoin('company as co', 'co.id', 'c.company_id')
          .select([
            't.id',
            't.deadline',
            't.notes',
            't.is_accomplished',
            't.created_at',
            't.execution_date',
            't.version',
            't.updated_at',
            'tk.description',
            'c.first_name',
            'c.last_name',
            'c.phone',
            'co.name as company',
          ])
          .where('t.owner_id', '=', userId)
          .where('t.is_active', '=', true);
      const pending = feedTodos().where('t.is_accomplished', '=', false);
      const done = feedTodos()
        .where('t.is_accomplished', '=', true)
        .where('t.execution_date', '>=', sql<Date>`now() - make_interval(days => ${CALENDAR_FEED_DONE_DAYS})`);
      const rows = await db
        .selectFrom(pending.unionAll(done).as('feed'))
        .selectAll()
        .orderBy('deadline')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        deadline: row.deadline,
        notes: row.notes,
        isAccomplished: row.is_accomplished,
        version: row.version,
        // A todo last written before versions were counted: its execution, or else its creation, is its last change.
        lastModified: row.updated_at ?? row.execution_date ?? row.created_at,
        task: row.description,
        contact: contactName({ firstName: row.first_name, lastName: row.last_name }),
        company: row.company,
        phone: row.phone === null ? null : formatPhone(row.phone),
      }));
    },
  };
}
