import type { ImportKind, ImportMapping, ImportReport, ImportUndo, LastImport, OnExisting } from '@bo/contracts/all';
import { importMessages } from '@bo/contracts/all';
import { sql, type RawBuilder } from 'kysely';
import type { Db, Executor } from '../db/database';
import type { Actor } from '../domain/actor';
import { AppError } from '../errors';
import {
  planCompanies,
  planContacts,
  type CompanyColumns,
  type ContactColumns,
  type PlannedWrite,
} from '../imports/plan';
import type { CsvFile } from '../imports/read-csv-file';
import { diff } from './history';
import { onUniqueViolation } from './mapping';

// CSV imports: the dry run, the import in one transaction (each written row in the history as
// "import" with the import's id, and kept in import_item with what an update replaced), and the undo. An import
// that writes nothing is not recorded: the one before it stays the one an undo takes.

const BATCH = 500;

// The history's field names (the contract's), as the forms' entries have them.
const companyTracked = (c: CompanyColumns) => ({
  name: c.name,
  registrationId: c.registration_id,
  parentId: c.parent_id,
  address: c.address,
  postalCode: c.postal_code,
  city: c.city,
  phone: c.phone,
  website: c.website,
  sector: c.sector,
  ownerId: c.owner_id,
});
const contactTracked = (c: ContactColumns) => ({
  title: c.title,
  firstName: c.first_name,
  lastName: c.last_name,
  jobTitle: c.job_title,
  email: c.email,
  phone: c.phone,
  companyId: c.company_id,
  ownerId: c.owner_id,
});

const uniqueCodes = {
  company_registration_id_key: { code: 'existingRegistrationID' as const, field: 'file' },
  company_folded_name_key: { code: 'existingName' as const, field: 'file' },
};

type Table = 'company' | 'contact';

// The columns an import writes, with their SQL types (CompanyColumns and ContactColumns).
const columnTypes: { company: Record<keyof CompanyColumns, string>; contact: Record<keyof ContactColumns, string> } = {
  company: {
    name: 'text',
    registration_id: 'text',
    parent_id: 'integer',
    address: 'text',
    postal_code: 'text',
    city: 'text',
    phone: 'text',
    website: 'text',
    sector: 'text',
    owner_id: 'integer',
  },
  contact: {
    title: 'text',
    first_name: 'text',
    last_name: 'text',
    job_title: 'text',
    email: 'text',
    phone: 'text',
    company_id: 'integer',
    owner_id: 'integer',
  },
};

// A removed row's entry: each field as it was.
const removed = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).map(([key, from]) => [key, { from }]));

// A chunk's writes, a statement per action: the rows travel as one JSON array, typed by the record set's column
// list, and the statement writes the records, their history entries ("import", with what changed) and the import's
// items together (a statement per row cost the import half a minute at 20 000 updates; three statements of 500
// rows' parameters each, a third of the writing time and most of the garbage left per chunk). The created records'
// ids are drawn from the table's sequence first, in the order of the writes (a parent before its subsidiaries), so
// that their entries and items know them, and so that a subsidiary knows the id of a parent created by the same
// import (`idsByLine`, the companies created so far by the file's line). Returns the ids created.
async function write<C extends CompanyColumns | ContactColumns>(
  trx: Executor,
  table: Table,
  importId: number,
  actorId: number,
  writes: PlannedWrite<C>[],
  tracked: (columns: C) => Record<string, unknown>,
  idsByLine: Map<number, number>,
): Promise<number[]> {
  const columns = Object.entries(columnTypes[table]);
  const names = sql.join(columns.map(([name]) => sql.ref(name)));
  const recordSet = (rows: unknown[], extra: RawBuilder<unknown>) =>
    sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${extra}, ${sql.join(columns.map(([name, type]) => sql`${sql.ref(name)} ${sql.raw(type)}`))})`;
  const logged = (action: 'create' | 'update', before: RawBuilder<unknown>) => sql`
    logged as (
      insert into history (entity, entity_id, action, changes, user_id, import_id)
      select ${table}, id, 'import', changes, ${actorId}, ${importId} from v
    )
    insert into import_item (import_id, entity, entity_id, line, action, before)
    select ${importId}, ${table}, id, line, ${action}, ${before} from v`;
  // A parent created by the file: its id, now that it is written.
  const withParent = (planned: PlannedWrite<C>): C =>
    planned.parentLine === undefined
      ? planned.columns
      : { ...planned.columns, parent_id: idsByLine.get(planned.parentLine) ?? null };

  const createdIds: number[] = [];
  const creates = writes.filter((w) => w.action === 'create');
  for (let i = 0; i < creates.length; i += BATCH) {
    const part = creates.slice(i, i + BATCH);
    const drawn = await sql<{ id: number }>`
      select nextval(pg_get_serial_sequence(${table}, 'id'))::integer as id from generate_series(1, ${part.length}::integer)`.execute(
      trx,
    );
    const ids = drawn.rows.map((row) => row.id).sort((a, b) => a - b);
    if (table === 'company') part.forEach((planned, index) => idsByLine.set(planned.line, ids[index]));
    const rows = part.map((planned, index) => {
      const columns = withParent(planned);
      return { ...columns, id: ids[index], line: planned.line, changes: diff({}, tracked(columns)) };
    });
    createdIds.push(...ids);
    // A new contact starts en veille (inactive) until its first todo, as from the form.
    const [activeColumn, activeValue] = table === 'contact' ? [sql`, is_active`, sql`, false`] : [sql``, sql``];
    await sql`
      with v as (select r.* from ${recordSet(rows, sql`id integer, line integer, changes jsonb`)}),
      written as (
        insert into ${sql.table(table)} (id, ${names}${activeColumn}) overriding system value
        select id, ${names}${activeValue} from v
      ),
      ${logged('create', sql`null::jsonb`)}`.execute(trx);
  }
  const updates = writes.filter((w): w is Extract<PlannedWrite<C>, { action: 'update' }> => w.action === 'update');
  for (let i = 0; i < updates.length; i += BATCH) {
    const rows = updates.slice(i, i + BATCH).map((w) => {
      const columns = withParent(w);
      return {
        ...columns,
        id: w.id,
        line: w.line,
        before: w.before,
        changes: diff(tracked(w.before), tracked(columns)),
      };
    });
    await sql`
      with v as (select * from ${recordSet(rows, sql`id integer, line integer, before jsonb, changes jsonb`)}),
      written as (
        update ${sql.table(table)} as t
        set ${sql.join(columns.map(([name]) => sql`${sql.ref(name)} = v.${sql.ref(name)}`))}
        from v
        where t.id = v.id
      ),
      ${logged('update', sql`before`)}`.execute(trx);
  }
  return createdIds;
}

export function createImportRepository(db: Db) {
  return {
    // The report of what the import would do; nothing written.
    async check(
      kind: ImportKind,
      actor: Actor,
      file: CsvFile,
      mapping: ImportMapping | undefined,
      onExisting: OnExisting,
    ): Promise<ImportReport> {
      const report =
        kind === 'companies'
          ? await planCompanies(db, actor, file, mapping, onExisting)
          : await planContacts(db, actor, file, mapping, onExisting);
      return { ...report, id: null };
    },

    // The valid rows in one transaction, planned again inside it so that what is written is what was checked: each
    // chunk of the file written once planned. The import is recorded with its first write: one that creates and
    // updates nothing is no import (its id is null), and leaves the last one the one to undo.
    async run(
      kind: ImportKind,
      actor: Actor,
      file: CsvFile,
      fileName: string,
      mapping: ImportMapping | undefined,
      onExisting: OnExisting,
    ): Promise<ImportReport> {
      return onUniqueViolation(uniqueCodes, () =>
        db.transaction().execute(async (trx) => {
          let id: number | null = null;
          const batch = async () => {
            id ??= (
              await trx
                .insertInto('import_batch')
                .values({ kind, user_id: actor.id, file_name: fileName })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id;
            return id;
          };
          const idsByLine = new Map<number, number>();
          const report =
            kind === 'companies'
              ? await planCompanies(trx, actor, file, mapping, onExisting, async (writes) =>
                  write(trx, 'company', await batch(), actor.id, writes, companyTracked, idsByLine),
                )
              : await planContacts(trx, actor, file, mapping, onExisting, async (writes) =>
                  write(trx, 'contact', await batch(), actor.id, writes, contactTracked, idsByLine),
                );
          if (id !== null) {
            const last = await trx
              .selectFrom('history')
              .select(sql<string | null>`max(id)`.as('max'))
              .where('import_id', '=', id)
              .executeTakeFirst();
            await trx
              .updateTable('import_batch')
              .set({ last_history_id: last?.max ?? null })
              .where('id', '=', id)
              .execute();
          }
          return { ...report, id };
        }),
      );
    },

    // The caller's last import still in force, when it is of this kind: the one `undo` takes.
    async last(kind: ImportKind, actor: Actor): Promise<LastImport> {
      const batch = await db
        .selectFrom('import_batch')
        .selectAll()
        .where('user_id', '=', actor.id)
        .where('undone_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (batch === undefined || batch.kind !== kind) return null;
      const counts = await db
        .selectFrom('import_item')
        .select(['action', sql<string>`count(*)`.as('n')])
        .where('import_id', '=', batch.id)
        .groupBy('action')
        .execute();
      const count = (action: string) => Number(counts.find((row) => row.action === action)?.n ?? 0);
      return {
        id: batch.id,
        kind,
        fileName: batch.file_name,
        createdAt: batch.created_at.toISOString(),
        created: count('create'),
        updated: count('update'),
      };
    },

    // The caller's last import undone: created rows removed, updated rows restored, unless a row changed since.
    async undo(id: number, actor: Actor, allowed: (kind: ImportKind) => boolean): Promise<ImportUndo> {
      return db.transaction().execute(async (trx) => {
        const batch = await trx
          .selectFrom('import_batch')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (batch === undefined) throw new AppError('modelNotFound', { field: 'id' });
        const kind = batch.kind === 'companies' ? 'companies' : 'contacts';
        if (batch.user_id !== actor.id || !allowed(kind)) throw new AppError('forbidden');
        const later = await trx
          .selectFrom('import_batch')
          .select('id')
          .where('user_id', '=', actor.id)
          .where('id', '>', id)
          .where('undone_at', 'is', null)
          .executeTakeFirst();
        if (batch.undone_at !== null || later !== undefined) throw new AppError('notAllowed', { field: 'id' });
        const table: Table = kind === 'companies' ? 'company' : 'contact';
        const lastHistory = batch.last_history_id ?? '0';
        const label =
          table === 'company'
            ? sql<string>`(select name from company where id = i.entity_id)`
            : sql<string>`(select first_name || ' ' || last_name from contact where id = i.entity_id)`;
        const blockers = await sql<{ line: number; label: string | null; reason: string }>`
          select i.line, ${label} as label, ${importMessages.changedSince} as reason
          from import_item i
          where i.import_id = ${id}
            and exists (select 1 from history h where h.entity = i.entity and h.entity_id = i.entity_id and h.id > ${lastHistory})
          union all
          select i.line, ${label}, ${importMessages.hasTodos}
          from import_item i
          where i.import_id = ${id} and i.entity = 'contact' and i.action = 'create'
            and exists (select 1 from todo t where t.contact_id = i.entity_id)
          union all
          select i.line, ${label}, ${importMessages.hasContacts}
          from import_item i
          where i.import_id = ${id} and i.entity = 'company' and i.action = 'create'
            and (exists (select 1 from contact k where k.company_id = i.entity_id)
              or exists (
                select 1 from company s where s.parent_id = i.entity_id
                  and not exists (select 1 from import_item j where j.import_id = i.import_id and j.entity = 'company' and j.entity_id = s.id)))
          order by 1
          limit 100`.execute(trx);
        if (blockers.rows.length > 0) {
          return {
            undone: false,
            blockers: blockers.rows.map((row) => ({ line: row.line, label: row.label ?? '', reason: row.reason })),
          };
        }
        const items = await trx
          .selectFrom('import_item')
          .selectAll()
          .where('import_id', '=', id)
          .orderBy('entity_id')
          .execute();
        const tracked = (row: unknown) =>
          table === 'company' ? companyTracked(row as CompanyColumns) : contactTracked(row as ContactColumns);
        const current = new Map<number, unknown>();
        for (let i = 0; i < items.length; i += BATCH) {
          const ids = items.slice(i, i + BATCH).map((item) => item.entity_id);
          for (const row of await trx.selectFrom(table).selectAll().where('id', 'in', ids).execute())
            current.set(row.id, row);
        }
        // The updated rows restored first: a company moved under a company the import created leaves it.
        for (const item of items) {
          if (item.action !== 'update') continue;
          const before = (typeof item.before === 'string' ? JSON.parse(item.before) : item.before) as
            CompanyColumns | ContactColumns;
          await trx
            .updateTable(table)
            .set(before as never)
            .where('id', '=', item.entity_id)
            .execute();
          await trx
            .insertInto('history')
            .values({
              entity: table,
              entity_id: item.entity_id,
              action: 'importUndo',
              changes: JSON.stringify(diff(tracked(current.get(item.entity_id)), tracked(before))),
              user_id: actor.id,
              import_id: id,
            })
            .execute();
        }
        // Then the created rows removed, the newest first: a subsidiary before the parent the same import created.
        const created = items
          .filter((item) => item.action === 'create')
          .map((item) => item.entity_id)
          .sort((a, b) => b - a);
        for (let i = 0; i < created.length; i += BATCH) {
          const part = created.slice(i, i + BATCH);
          await trx.deleteFrom(table).where('id', 'in', part).execute();
          await trx
            .insertInto('history')
            .values(
              part.map((entityId) => ({
                entity: table,
                entity_id: entityId,
                action: 'importUndo',
                changes: JSON.stringify(removed(tracked(current.get(entityId)))),
                user_id: actor.id,
                import_id: id,
              })),
            )
            .execute();
        }
        await trx.updateTable('import_batch').set({ undone_at: new Date() }).where('id', '=', id).execute();
        return { undone: true, blockers: [] };
      });
    },
  };
}
export type ImportRepository = ReturnType<typeof createImportRepository>;
