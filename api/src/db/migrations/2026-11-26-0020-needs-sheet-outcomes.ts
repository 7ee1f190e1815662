import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

const fold = (expression: string) =>
  sql`translate(lower(${sql.raw(expression)}), 'àâäáãåéèêëíìîïóòôöõúùûüçñÿœæ', 'aaaaaaeeeeiiiiooooouuuucnyoa')`;

// How a needs sheet ended and when (the statistics and the history report):
// - a closing status says whether it fills the sheet (pourvu) or not (perdu, annulé): `fills`, true for the
//   statuses named "Pourvu…" that close a sheet, false for the others;
// - every status a sheet enters is a row of `needs_sheet_status_change` (its creation included), written beside
//   the history line that tells it. The history keeps statuses by their name, which an admin may change; these
//   rows keep them by id. Existing sheets get theirs from their history, matched by name, and their current status
//   when the history does not end on it (the demo's sheets have no history: their creation).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('needs_sheet_status')
    .addColumn('fills', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await sql`alter table needs_sheet_status add constraint needs_sheet_status_fills_closes check (closes or not fills)`.execute(
    db,
  );
  await sql`update needs_sheet_status set fills = true where closes and ${fold('label')} like 'pourvu%'`.execute(db);

  await db.schema
    .createTable('needs_sheet_status_change')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('needs_sheet_id', 'integer', (col) => col.notNull().references('needs_sheet.id').onDelete('cascade'))
    .addColumn('status_id', 'integer', (col) => col.notNull().references('needs_sheet_status.id'))
    .addColumn('changed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'integer', (col) => col.references('app_user.id').onDelete('set null'))
    .addColumn('history_id', 'bigint', (col) => col.references('history.id').onDelete('set null'))
    .execute();
  // The statistics read a period's changes; the history report a sheet's, and the one its history line tells.
  await sql`create index needs_sheet_status_change_at_idx on needs_sheet_status_change (changed_at) include (needs_sheet_id, status_id)`.execute(
    db,
  );
  await db.schema
    .createIndex('needs_sheet_status_change_sheet_idx')
    .on('needs_sheet_status_change')
    .columns(['needs_sheet_id', 'changed_at'])
    .execute();
  await sql`create unique index needs_sheet_status_change_history_idx on needs_sheet_status_change (history_id) where history_id is not null`.execute(
    db,
  );
  // A contact's sheets in the history report.
  await db.schema.createIndex('needs_sheet_contact_idx').on('needs_sheet').columns(['contact_id', 'id']).execute();
  // The sheets opened in a month, per owner (the statistics).
  await db.schema
    .createIndex('needs_sheet_received_idx')
    .on('needs_sheet')
    .columns(['received_date', 'owner_id'])
    .execute();

  await sql`
    insert into needs_sheet_status_change (needs_sheet_id, status_id, changed_at, user_id, history_id)
    select h.entity_id, st.id, h.created_at, h.user_id, h.id
    from history h
    join needs_sheet s on s.id = h.entity_id
    join needs_sheet_status st on ${fold('st.label')} = ${fold("(h.changes->'status'->>'to')")}
    where h.entity = 'needsSheet' and h.action in ('create', 'status') and h.changes ? 'status'
    order by h.created_at, h.id`.execute(db);
  await sql`
    insert into needs_sheet_status_change (needs_sheet_id, status_id, changed_at)
    select s.id, s.status_id,
      coalesce((select max(h.created_at) from history h where h.entity = 'needsSheet' and h.entity_id = s.id and h.action = 'status'), s.created_at)
    from needs_sheet s
    where s.status_id is distinct from (
      select c.status_id from needs_sheet_status_change c where c.needs_sheet_id = s.id order by c.changed_at desc, c.id desc limit 1
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('needs_sheet_received_idx').execute();
  await db.schema.dropIndex('needs_sheet_contact_idx').execute();
  await db.schema.dropTable('needs_sheet_status_change').execute();
  await sql`alter table needs_sheet_status drop constraint needs_sheet_status_fills_closes`.execute(db);
  await db.schema.alterTable('needs_sheet_status').dropColumn('fills').execute();
}
