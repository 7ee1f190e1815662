import type { NeedsSheetStatus, NeedsSheetStatusChanges } from '@bo/contracts/all';
import { sql } from 'kysely';
import type { Db, Executor } from '../db/database';
import { AppError } from '../errors';
import { fold, onUniqueViolation } from './mapping';
import { needsSheetUniqueCodes } from './needs-sheets';

// The statuses of needs sheets, which an admin manages (their models are in needs-sheet-models.ts).

type StatusRow = {
  id: number;
  label: string;
  color: string;
  display_order: number;
  closes: boolean;
  fills: boolean;
  is_active: boolean;
  sheet_count: number | string;
  used_by: number | string;
};

const toStatus = (row: StatusRow): NeedsSheetStatus => ({
  id: row.id,
  label: row.label,
  color: row.color,
  order: row.display_order,
  closes: row.closes,
  fills: row.fills,
  isActive: row.is_active,
  sheetCount: Number(row.sheet_count),
  usedBy: Number(row.used_by),
});

export function createNeedsSheetStatusRepository(db: Db) {
  const statuses = (executor: Executor) =>
    executor
      .selectFrom('needs_sheet_status as st')
      .select(['st.id', 'st.label', 'st.color', 'st.display_order', 'st.closes', 'st.fills', 'st.is_active'])
      .select(sql<string>`(select count(*) from needs_sheet s where s.status_id = st.id)`.as('sheet_count'))
      // The sheets that hold it now or went through it (every status a sheet enters is a status change).
      .select(
        sql<string>`(select count(*) from (
          select s.id from needs_sheet s where s.status_id = st.id
          union select c.needs_sheet_id from needs_sheet_status_change c where c.status_id = st.id) u)`.as('used_by'),
      );

  async function findStatus(executor: Executor, id: number): Promise<NeedsSheetStatus> {
    const row = await statuses(executor).where('st.id', '=', id).executeTakeFirst();
    if (row === undefined) throw new AppError('modelNotFound', { field: 'id' });
    return toStatus(row);
  }

  async function refuseSameLabel(trx: Executor, label: string, id: number | null) {
    const same = await trx
      .selectFrom('needs_sheet_status')
      .select('id')
      .where(sql<boolean>`${fold(sql`label`)} = ${fold(sql`${label}`)}`)
      .execute();
    if (same.some((row) => row.id !== id)) throw new AppError('existingName', { field: 'label' });
  }

  const statusColumns = (changes: NeedsSheetStatusChanges) => ({
    label: changes.label,
    color: changes.color,
    display_order: changes.order,
    closes: changes.closes,
    fills: changes.fills,
    is_active: changes.isActive,
  });

  return {
    async list(): Promise<NeedsSheetStatus[]> {
      const rows = await statuses(db).orderBy('st.display_order').orderBy('st.id').execute();
      return rows.map(toStatus);
    },

    find: (id: number) => findStatus(db, id),

    async create(changes: NeedsSheetStatusChanges): Promise<NeedsSheetStatus> {
      return onUniqueViolation(needsSheetUniqueCodes, () =>
        db.transaction().execute(async (trx) => {
          await refuseSameLabel(trx, changes.label, null);
          const { id } = await trx
            .insertInto('needs_sheet_status')
            .values(statusColumns(changes))
            .returning('id')
            .executeTakeFirstOrThrow();
          return findStatus(trx, id);
        }),
      );
    },

    async update(id: number, changes: NeedsSheetStatusChanges): Promise<NeedsSheetStatus> {
      return onUniqueViolation(needsSheetUniqueCodes, () =>
        db.transaction().execute(async (trx) => {
          await findStatus(trx, id);
          await refuseSameLabel(trx, changes.label, id);
          await trx.updateTable('needs_sheet_status').set(statusColumns(changes)).where('id', '=', id).execute();
          return findStatus(trx, id);
        }),
      );
    },

    // A status no sheet has ever had is deleted; one in use, or in a sheet's past, is refused (deactivate it instead).
    async remove(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const locked = await trx
          .selectFrom('needs_sheet_status')
          .select('id')
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (locked === undefined) throw new AppError('modelNotFound', { field: 'id' });
        const used = await trx.selectFrom('needs_sheet').select('id').where('status_id', '=', id).limit(1).execute();
        const past = await trx
          .selectFrom('needs_sheet_status_change')
          .select('id')
          .where('status_id', '=', id)
          .limit(1)
          .execute();
        if (used.length > 0 || past.length > 0) throw new AppError('integrityError', { field: 'id' });
        await trx.deleteFrom('needs_sheet_status').where('id', '=', id).execute();
      });
    },

    // The new display order: every status once.
    async order(ids: number[]): Promise<NeedsSheetStatus[]> {
      await db.transaction().execute(async (trx) => {
        const all = await trx.selectFrom('needs_sheet_status').select('id').forUpdate().execute();
        const known = new Set(all.map((row) => row.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
          throw new AppError('dataInvalid', { field: 'ids' });
        }
        for (const [index, id] of ids.entries()) {
          await trx
            .updateTable('needs_sheet_status')
            .set({ display_order: (index + 1) * 10 })
            .where('id', '=', id)
            .execute();
        }
      });
      return this.list();
    },
  };
}
export type NeedsSheetStatusRepository = ReturnType<typeof createNeedsSheetStatusRepository>;
