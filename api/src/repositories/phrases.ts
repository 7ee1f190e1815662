import type { ErrorCode, Phrase, PhraseChanges } from '@bo/contracts/all';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import { diff, type HistoryRepository } from './history';
import { onUniqueViolation } from './mapping';

type PhraseRow = { id: number; category: string; text: string; display_order: number; is_active: boolean };

const toPhrase = (row: PhraseRow): Phrase => ({
  id: row.id,
  category: row.category,
  text: row.text,
  order: row.display_order,
  isActive: row.is_active,
});

const toColumns = (changes: PhraseChanges) => ({
  category: changes.category,
  text: changes.text,
  display_order: changes.order,
  is_active: changes.isActive,
});

const uniqueCodes: Record<string, { code: ErrorCode; field: string }> = {
  phrase_text_folded_key: { code: 'existingValue', field: 'text' },
};

const columns = ['id', 'category', 'text', 'display_order', 'is_active'] as const;

export function createPhraseRepository(db: Db, history: HistoryRepository) {
  async function refuseSame(changes: PhraseChanges, id: number | null) {
    const same = await db
      .selectFrom('phrase')
      .select('id')
      .where(sql<SqlBool>`lower(category) = lower(${changes.category}) and lower(text) = lower(${changes.text})`)
      .execute();
    if (same.some((row) => row.id !== id)) throw new AppError('existingValue', { field: 'text' });
  }

  const ordered = (activeOnly: boolean) => {
    const query = db
      .selectFrom('phrase')
      .select(columns)
      .orderBy(sql`lower(category)`)
      .orderBy('display_order')
      .orderBy('id');
    return (activeOnly ? query.where('is_active', '=', true) : query).execute();
  };

  return {
    async list(activeOnly: boolean): Promise<Phrase[]> {
      return (await ordered(activeOnly)).map(toPhrase);
    },

    async create(changes: PhraseChanges, actorId: number): Promise<Phrase> {
      await refuseSame(changes, null);
      return onUniqueViolation(uniqueCodes, () =>
        db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('phrase')
            .values(toColumns(changes))
            .returning(columns)
            .executeTakeFirstOrThrow();
          await history.record(trx, {
            entity: 'phrase',
            entityId: row.id,
            action: 'create',
            changes: diff({}, toPhrase(row)),
            userId: actorId,
          });
          return toPhrase(row);
        }),
      );
    },

    async update(id: number, changes: PhraseChanges, actorId: number): Promise<Phrase> {
      await refuseSame(changes, id);
      return onUniqueViolation(uniqueCodes, () =>
        db.transaction().execute(async (trx) => {
          const before = await trx
            .selectFrom('phrase')
            .select(columns)
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (before === undefined) throw new AppError('modelNotFound', { field: 'id' });
          const after = await trx
            .updateTable('phrase')
            .set(toColumns(changes))
            .where('id', '=', id)
            .returning(columns)
            .executeTakeFirstOrThrow();
          const changed = diff(toPhrase(before), toPhrase(after));
          if (Object.keys(changed).length > 0)
            await history.record(trx, {
              entity: 'phrase',
              entityId: id,
              action: 'update',
              changes: changed,
              userId: actorId,
            });
          return toPhrase(after);
        }),
      );
    },
  };
}
