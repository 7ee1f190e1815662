import {
  contractTypes,
  seniorities,
  type NeedsSheetModel,
  type NeedsSheetModelChanges,
  type NeedsSheetStatus,
  type NeedsSheetStatusChanges,
} from '@bo/contracts/all';
import { sql } from 'kysely';
import type { Db, Executor } from '../db/database';
import { AppError } from '../errors';
import { fold, onUniqueViolation } from './mapping';
import { needsSheetUniqueCodes } from './needs-sheets';

// The statuses an admin manages and the models that pre-fill a sheet.

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
type ModelRow = {
  id: number;
  title: string;
  description: string;
  skills: string[];
  seniority: string | null;
  contract_type: string | null;
  delay_days: number;
  is_active: boolean;
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

const toModel = (row: ModelRow): NeedsSheetModel => ({
  id: row.id,
  title: row.title,
  description: row.description,
  skills: row.skills,
  seniority: seniorities.find((value) => value === row.seniority) ?? null,
  contractType: contractTypes.find((value) => value === row.contract_type) ?? null,
  delay: row.delay_days,
  isActive: row.is_active,
});

export function createNeedsSheetSettingsRepository(db: Db) {
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
    const same = await trx.selectFrom('needs_sheet_status').select('id').where(sql<boolean>`${fold(sql`label`)} = ${fold(sql`${label}`)}`).execute();
    if (same.some((row) => row.id !== id)) throw new AppError('existingName', { field: 'label' });
  }

  async function refuseSameTitle(trx: Executor, title: string, id: number | null) {
    const same = await trx.selectFrom('needs_sheet_model').select('id').where(sql<boolean>`${fold(sql`title`)} = ${fold(sql`${title}`)}`).execute();
    if (same.some((row) => row.id !== id)) throw new AppError('existingTitle', { field: 'title' });
  }

  const statusColumns = (changes: NeedsSheetStatusChanges) => ({
    label: changes.label,
    color: changes.color,
    display_order: changes.order,
    closes: changes.closes,
    fills: changes.fills,
    is_active: changes.isActive,
  });

  const modelColumns = (changes: NeedsSheetModelChanges) => ({
    title: changes.title,
    description: changes.description,
    skills: changes.skills,
    seniority: changes.seniority,
    contract_type: changes.contractType,
    delay_days: changes.delay,
    is_active: changes.isActive,
  });

  return {
    async statuses(): Promise<NeedsSheetStatus[]> {
      const rows = await statuses(db).orderBy('st.display_order').orderBy('st.id').execute();
      return rows.map(toStatus);
    },

    findStatus: (id: number) => findStatus(db, id),

    async createStatus(changes: NeedsSheetStatusChanges): Promise<NeedsSheetStatus> {
      return onUniqueViolation(needsSheetUniqueCodes, () =>
        db.transaction().execute(async (trx) => {
          await refuseSameLabel(trx, changes.label, null);
          const { id } = await trx.insertInto('needs_sheet_status').values(statusColumns(changes)).returning('id').executeTakeFirstOrThrow();
          return findStatus(trx, id);
        }),
      );
    },

    async updateStatus(id: number, changes: NeedsSheetStatusChanges): Promise<NeedsSheetStatus> {
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
    async deleteStatus(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const locked = await trx.selectFrom('needs_sheet_status').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
        if (locked === undefined) throw new AppError('modelNotFound', { field: 'id' });
        const used = await trx.selectFrom('needs_sheet').select('id').where('status_id', '=', id).limit(1).execute();
        const past = await trx.selectFrom('needs_sheet_status_change').select('id').where('status_id', '=', id).limit(1).execute();
        if (used.length > 0 || past.length > 0) throw new AppError('integrityError', { field: 'id' });
        await trx.deleteFrom('needs_sheet_status').where('id', '=', id).execute();
      });
    },

    // The new display order: every status once.
    async orderStatuses(ids: number[]): Promise<NeedsSheetStatus[]> {
      await db.transaction().execute(async (trx) => {
        const all = await trx.selectFrom('needs_sheet_status').select('id').forUpdate().execute();
        const known = new Set(all.map((row) => row.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
          throw new AppError('dataInvalid', { field: 'ids' });
        }
        for (const [index, id] of ids.entries()) {
          await trx.updateTable('needs_sheet_status').set({ display_order: (index + 1) * 10 }).where('id', '=', id).execute();
        }
      });
      return this.statuses();
    },

    async models(withArchived: boolean): Promise<NeedsSheetModel[]> {
      let query = db.selectFrom('needs_sheet_model').selectAll();
      if (!withArchived) query = query.where('is_active', '=', true);
      const rows = await query.orderBy(sql`${fold(sql`title`)} collate "C"`).orderBy('id').execute();
      return rows.map(toModel);
    },

    async createModel(changes: NeedsSheetModelChanges): Promise<NeedsSheetModel> {
      return onUniqueViolation(needsSheetUniqueCodes, () =>
        db.transaction().execute(async (trx) => {
          await refuseSameTitle(trx, changes.title, null);
          const row = await trx.insertInto('needs_sheet_model').values(modelColumns(changes)).returningAll().executeTakeFirstOrThrow();
          return toModel(row);
        }),
      );
    },

    async updateModel(id: number, changes: NeedsSheetModelChanges): Promise<NeedsSheetModel> {
      return onUniqueViolation(needsSheetUniqueCodes, () =>
        db.transaction().execute(async (trx) => {
          await refuseSameTitle(trx, changes.title, id);
          const row = await trx.updateTable('needs_sheet_model').set(modelColumns(changes)).where('id', '=', id).returningAll().executeTakeFirst();
          if (row === undefined) throw new AppError('modelNotFound', { field: 'id' });
          return toModel(row);
        }),
      );
    },
  };
}
export type NeedsSheetSettingsRepository = ReturnType<typeof createNeedsSheetSettingsRepository>;
