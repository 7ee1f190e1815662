import { contractTypes, seniorities, type NeedsSheetModel, type NeedsSheetModelChanges } from '@bo/contracts/all';
import { sql } from 'kysely';
import type { Db, Executor } from '../db/database';
import { AppError } from '../errors';
import { fold, onUniqueViolation } from './mapping';
import { needsSheetUniqueCodes } from './needs-sheets';

// The models that pre-fill a needs sheet: title unique (case and accents ignored), archived rather than deleted.

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

export function createNeedsSheetModelRepository(db: Db) {
  async function refuseSameTitle(trx: Executor, title: string, id: number | null) {
    const same = await trx
      .selectFrom('needs_sheet_model')
      .select('id')
      .where(sql<boolean>`${fold(sql`title`)} = ${fold(sql`${title}`)}`)
      .execute();
    if (same.some((row) => row.id !== id)) throw new AppError('existingTitle', { field: 'title' });
  }

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
    async list(withArchived: boolean): Promise<NeedsSheetModel[]> {
      let query = db.selectFrom('needs_sheet_model').selectAll();
      if (!withArchived) query = query.where('is_active', '=', true);
      const rows = await query
        .orderBy(sql`${fold(sql`title`)} collate "C"`)
        .orderBy('id')
        .execute();
      return rows.map(toModel);
    },

    async create(changes: NeedsSheetModelChanges): Promise<NeedsSheetModel> {
      return onUniqueViolation(needsSheetUniqueCodes, () =>
        db.transaction().execute(async (trx) => {
          await refuseSameTitle(trx, changes.title, null);
          const row = await trx
            .insertInto('needs_sheet_model')
            .values(modelColumns(changes))
            .returningAll()
            .executeTakeFirstOrThrow();
          return toModel(row);
        }),
      );
    },

    async update(id: number, changes: NeedsSheetModelChanges): Promise<NeedsSheetModel> {
      return onUniqueViolation(needsSheetUniqueCodes, () =>
        db.transaction().execute(async (trx) => {
          await refuseSameTitle(trx, changes.title, id);
          const row = await trx
            .updateTable('needs_sheet_model')
            .set(modelColumns(changes))
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirst();
          if (row === undefined) throw new AppError('modelNotFound', { field: 'id' });
          return toModel(row);
        }),
      );
    },
  };
}
export type NeedsSheetModelRepository = ReturnType<typeof createNeedsSheetModelRepository>;
