import type { Executor } from '../db/database';
import { AppError, editConflict } from '../errors';
import type { HistoryRepository } from './history';

// The versioned records a form edits, and their tables.
const tables = { company: 'company', needsSheet: 'needs_sheet' } as const;

// A record about to be edited, inside the writing transaction: its row locked, so that concurrent changes to one record
// run one after the other and the rules are checked against what is there; read as it is; refused with editConflict
// when the save was made from another version than the stored one (nobody's save silently overwrites another's,
// docs/data-rules.md).
export async function lockedForEdit<Row extends { version: number }>(
  trx: Executor,
  history: HistoryRepository,
  record: { entity: keyof typeof tables; id: number; version: number },
  read: (trx: Executor, id: number) => Promise<Row | undefined>,
): Promise<Row> {
  const { entity, id, version } = record;
  const locked = await trx.selectFrom(tables[entity]).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  const before = locked === undefined ? undefined : await read(trx, id);
  if (before === undefined) throw new AppError('modelNotFound', { field: 'id' });
  if (before.version !== version) throw editConflict(await history.conflict(trx, entity, id, before.version));
  return before;
}
