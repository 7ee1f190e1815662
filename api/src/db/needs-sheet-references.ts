import { sql } from 'kysely';
import type { Executor } from './database';

// A needs sheet's number in its year (BES-2026-0042) comes from a sequence of that year (migration 0030), not from
// a row: nextval waits on no other transaction, so a creation paused after taking its number holds nothing another
// creation needs. A number is given once and never given back (a creation that fails leaves a gap); the unique
// reference is the last guard.

// The year a sheet created on a business day (toBusinessIsoDate, Europe/Paris) is numbered in: one created on
// 1 January starts that year's numbering.
export const referenceYear = (businessDate: string): number => Number(businessDate.slice(0, 4));

function sequenceOf(year: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new Error(`Unexpected reference year: ${year}`);
  return `needs_sheet_reference_${year}`;
}

// The year's sequence, created by the year's first creation in a statement of its own, never inside a creation's
// transaction: there its new name would hold the other creations of the year until that transaction ended (and on
// PGlite, one connection, nothing may run beside a transaction). Two instances creating it at once: the one that
// waited on the other's name finds it there.
export async function ensureReferenceSequence(db: Executor, year: number): Promise<void> {
  try {
    await sql`create sequence if not exists ${sql.id(sequenceOf(year))} as integer minvalue 1`.execute(db);
  } catch (error) {
    const { code } = (error ?? {}) as { code?: unknown };
    if (code !== '23505' && code !== '42P07') throw error;
  }
}

// The year's next number, taken inside the creation's transaction once its checks passed.
export async function nextReferenceNumber(trx: Executor, year: number): Promise<number> {
  const { rows } = await sql<{
    number: number;
  }>`select nextval(${sequenceOf(year)}::regclass)::integer as number`.execute(trx);
  return rows[0].number;
}

// The year's numbering goes on after `last` (0: starts at 1). Seeds and tests only: a creation never sets it.
export async function setLastReferenceNumber(db: Executor, year: number, last: number): Promise<void> {
  await ensureReferenceSequence(db, year);
  const name = sequenceOf(year);
  await (
    last > 0 ? sql`select setval(${name}::regclass, ${last})` : sql`select setval(${name}::regclass, 1, false)`
  ).execute(db);
}

// After sheets written with their references (seeds, benchmarks): each year's numbering goes on after the highest
// number its references use, or where it stood if that is higher.
export async function followWrittenReferences(db: Executor): Promise<void> {
  const { rows } = await sql<{ year: number; last: number }>`
    select split_part(reference, '-', 2)::integer as year, max(split_part(reference, '-', 3)::integer) as last
    from needs_sheet where reference ~ '^[A-Z]+-[0-9]{4}-[0-9]{1,9}$' group by 1`.execute(db);
  for (const { year, last } of rows)
    await setLastReferenceNumber(db, year, Math.max(last, await lastReferenceNumber(db, year)));
}

// The year's last number given (0: none yet, or no sequence).
export async function lastReferenceNumber(db: Executor, year: number): Promise<number> {
  const { rows } = await sql<{ last: number | null }>`
    select last_value::integer as last from pg_sequences where schemaname = current_schema() and sequencename = ${sequenceOf(year)}`.execute(
    db,
  );
  return rows[0]?.last ?? 0;
}
