import type { Conflict, HistoryEntry, ListPage } from '@bo/contracts/all';
import { sql, type RawBuilder } from 'kysely';
import type { Db, Executor } from '../db/database';
import { prepared } from '../db/prepared';
import { nameHistoryReferences } from './history-names';

export type { HistoryEntity } from '@bo/contracts/all';
import type { HistoryEntity } from '@bo/contracts/all';
export type Changes = Record<string, { from: unknown; to: unknown }>;

// Compares a row before and after a change, keeping only the fields that moved.
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key];
    const same = from instanceof Date && to instanceof Date ? from.getTime() === to.getTime() : from === to;
    if (!same) changes[key] = { from, to };
  }
  return changes;
}

type EntryRow = {
  id: number | string;
  entity: HistoryEntity;
  entity_id: number;
  label: string;
  action: string;
  changes: HistoryEntry['changes'];
  user_id: number | null;
  trigram: string | null;
  created_at: Date;
  total: number | string;
};

const toEntry = (row: EntryRow, names: HistoryEntry['names']): HistoryEntry => ({
  id: Number(row.id),
  entity: row.entity,
  entityId: row.entity_id,
  label: row.label,
  action: row.action,
  changes: row.changes,
  names,
  user: row.user_id === null || row.trigram === null ? null : { id: row.user_id, trigram: row.trigram },
  createdAt: row.created_at.toISOString(),
});

// One page, newest first, of the entries a query selects (id, entity, entity_id, label, action, changes,
// user_id, created_at).
async function page(
  db: Db,
  entries: RawBuilder<unknown>,
  pageNumber: number,
  perPage: number,
): Promise<ListPage<HistoryEntry>> {
  const { rows } = await sql<EntryRow>`
    with entries as (${entries})
    select e.*, u.trigram, count(*) over () as total
    from entries e left join app_user u on u.id = e.user_id
    order by e.created_at desc, e.id desc
    limit ${perPage} offset ${(pageNumber - 1) * perPage}`.execute(db);
  if (rows.length === 0 && pageNumber > 1) {
    const { rows: counted } = await sql<{
      total: string;
    }>`with entries as (${entries}) select count(*) as total from entries`.execute(db);
    return { items: [], total: Number(counted[0].total) };
  }
  const namesOf = await nameHistoryReferences(
    db,
    rows.map((row) => row.changes),
  );
  return {
    items: rows.map((row) => toEntry(row, namesOf(row.changes))),
    total: rows.length === 0 ? 0 : Number(rows[0].total),
  };
}

// The body of a recursive common table expression named `name`: a company and its subsidiaries, however deep.
export function groupCompanyIds(companyId: number, name: string): RawBuilder<unknown> {
  const self = sql.id(name);
  return sql`select ${companyId}::integer as id union select c.id from company c join ${self} on c.parent_id = ${self}.id`;
}

const contactLabel = sql`k.first_name || ' ' || k.last_name`;

// The records of the admin pages: their table and how an entry names them.
const adminRecords = {
  task: { table: 'task', label: sql`r.description` },
  phrase: { table: 'phrase', label: sql`r.category` },
  user: { table: 'app_user', label: sql`r.trigram || ' ' || r.first_name || ' ' || r.last_name` },
} as const;

export function createHistoryRepository(db: Db) {
  return {
    // A group's story: the company, its subsidiaries however deep, and every contact of them, each entry named.
    companyGroup(companyId: number, pageNumber: number, perPage: number) {
      return page(
        db,
        sql`
          with recursive grp(id) as (${groupCompanyIds(companyId, 'grp')})
          select h.id, h.entity, h.entity_id, co.name as label, h.action, h.changes, h.user_id, h.created_at
          from history h join company co on co.id = h.entity_id
          where h.entity = 'company' and h.entity_id in (select id from grp)
          union all
          select h.id, h.entity, h.entity_id, ${contactLabel} || ' (' || co.name || ')', h.action, h.changes, h.user_id, h.created_at
          from history h join contact k on k.id = h.entity_id join company co on co.id = k.company_id
          where h.entity = 'contact' and k.company_id in (select id from grp)`,
        pageNumber,
        perPage,
      );
    },

    // A contact's story: its own changes and those of its todos.
    contact(contactId: number, pageNumber: number, perPage: number) {
      return page(
        db,
        sql`
          select h.id, h.entity, h.entity_id, ${contactLabel} as label, h.action, h.changes, h.user_id, h.created_at
          from history h join contact k on k.id = h.entity_id
          where h.entity = 'contact' and h.entity_id = ${contactId}
          union all
          select h.id, h.entity, h.entity_id, tk.description || ' (' || to_char(t.deadline, 'DD/MM/YYYY') || ')', h.action, h.changes, h.user_id, h.created_at
          from history h join todo t on t.id = h.entity_id join task tk on tk.id = t.task_id
          where h.entity = 'todo' and t.contact_id = ${contactId}`,
        pageNumber,
        perPage,
      );
    },

    // A needs sheet's story: its creation, changes and status changes with their comments.
    needsSheet(sheetId: number, pageNumber: number, perPage: number) {
      return page(
        db,
        sql`
          select h.id, h.entity, h.entity_id, s.reference || ' ' || s.title as label, h.action, h.changes, h.user_id, h.created_at
          from history h join needs_sheet s on s.id = h.entity_id
          where h.entity = 'needsSheet' and h.entity_id = ${sheetId}`,
        pageNumber,
        perPage,
      );
    },

    // The story of a record of the admin pages (a task type, a phrase, a user); undefined when there is no such
    // record.
    async adminRecord(
      entity: 'task' | 'phrase' | 'user',
      id: number,
      pageNumber: number,
      perPage: number,
    ): Promise<ListPage<HistoryEntry> | undefined> {
      const { table, label } = adminRecords[entity];
      const found = await sql`select 1 from ${sql.table(table)} r where r.id = ${id}`.execute(db);
      if (found.rows.length === 0) return undefined;
      return page(
        db,
        sql`
          select h.id, h.entity, h.entity_id, ${label} as label, h.action, h.changes, h.user_id, h.created_at
          from history h join ${sql.table(table)} r on r.id = h.entity_id
          where h.entity = ${entity} and h.entity_id = ${id}`,
        pageNumber,
        perPage,
      );
    },

    // A change and its entry in one statement, one round trip: `change` (an UPDATE of the entity's table, RETURNING
    // its id) runs, and the entry is added for the row it returns, `changes` being known before the write. False when
    // the change touched no row (and so nothing is recorded). `name`: the statement is prepared under it (its text
    // must not vary).
    async recordWith<R extends { id: number }>(
      db: Executor,
      name: string,
      change: RawBuilder<R>,
      entry: { entity: HistoryEntity; action: string; changes: Changes; userId: number | null },
    ): Promise<R[]> {
      const { rows } = await prepared(
        name,
        sql<R>`
        with changed as (${change}),
        logged as (
          insert into history (entity, entity_id, action, changes, user_id)
          select ${entry.entity}, changed.id, ${entry.action}, cast(${JSON.stringify(entry.changes)} as jsonb), cast(${entry.userId} as integer)
          from changed
          returning history.id
        )
        select changed.* from changed`,
      ).execute(db);
      return rows;
    },

    // The user a write transaction acts for, as the database's own history entries name them (a contact's change of
    // state kept from its todos, migration 0029). Lasts until the transaction ends.
    async actFor(trx: Executor, userId: number): Promise<void> {
      await sql`select set_config('bo.actor_id', ${String(userId)}, true)`.execute(trx);
    },

    // The same, as a FROM item of a statement that is its own transaction (named there, no round trip of its own).
    actingFor(userId: number): RawBuilder<unknown> {
      return sql`(select set_config('bo.actor_id', ${String(userId)}, true)) as acting`;
    },

    // The record's version now, and who changed it last and when (its newest history entry): what a save made from
    // an older version is told (editConflict).
    async conflict(trx: Executor, entity: HistoryEntity, entityId: number, version: number): Promise<Conflict> {
      const last = await trx
        .selectFrom('history as h')
        .leftJoin('app_user as u', 'u.id', 'h.user_id')
        .select(['h.created_at', 'u.id', 'u.trigram', 'u.first_name', 'u.last_name'])
        .where('h.entity', '=', entity)
        .where('h.entity_id', '=', entityId)
        .orderBy('h.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return {
        version,
        changedBy:
          last?.id == null || last.trigram === null || last.first_name === null || last.last_name === null
            ? null
            : { id: last.id, trigram: last.trigram, firstName: last.first_name, lastName: last.last_name },
        changedAt: last === undefined ? null : last.created_at.toISOString(),
      };
    },

    // Every change to a contact or a todo is recorded (who, when, what) in the same transaction. The entry's id
    // (bigint, as text) lets a record point at the line that tells its change.
    async record(
      db: Executor,
      entry: { entity: HistoryEntity; entityId: number; action: string; changes: Changes; userId: number | null },
    ): Promise<string> {
      const row = await db
        .insertInto('history')
        .values({
          entity: entry.entity,
          entity_id: entry.entityId,
          action: entry.action,
          changes: JSON.stringify(entry.changes),
          user_id: entry.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(row.id);
    },
  };
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
