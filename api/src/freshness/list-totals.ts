import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/database';
import { createLru } from './lru';

// The tables whose writes the change log records (migrations 0005, 0021 and 0024) that a list's count may read.
export type LoggedTable = 'app_user' | 'company' | 'contact' | 'needs_sheet' | 'needs_sheet_recruiter';

// How many counts an instance keeps: a few thousand filter sets, a few hundred kilobytes.
const KEPT_COUNTS = 4000;

// The version of the tables a count reads: the sum of their data_change weights.
const versionOf = (tables: LoggedTable[]) =>
  sql<string>`(select coalesce(sum(weight), 0)::text from data_change where tbl in (${sql.join(tables)}))`;

// The total of a list, counted again only when the data it counts changed. One statement reads the version of the
// tables the count reads (the sum of their data_change weights, as data-version.ts) and, when it differs from the
// version of the count this instance keeps for the same list and filters, counts: the count and its version come
// from the same snapshot, so a kept count is exactly the total of the data at its version, whatever instance or
// script wrote since. PostgreSQL evaluates a CASE's subquery only when the CASE reaches it: an unchanged version
// costs an index read of the change log, not a count.
//
// The key names everything the count's conditions read besides the tables: the list, the filters, the search, the
// actor when the scope depends on them, and the day when a filter does. A null key counts without keeping (a filter
// on data the log does not record, such as a contact's next deadline).
export function createListTotals(capacity = KEPT_COUNTS) {
  const kept = createLru<string, { version: string; total: number }>(capacity);

  return {
    // The version of the tables a count reads, as a column of another statement (a page read with it): with
    // `kept`, a page tells without a statement of its own whether the count kept is the total of its snapshot.
    version: versionOf,
    // The count kept for the key if it was counted at this version, else undefined.
    kept(key: unknown, version: string): number | undefined {
      const known = kept.get(JSON.stringify(key));
      return known?.version === version ? known.total : undefined;
    },
    // `count`: a query answering one row and one column, the number of rows of the list.
    async total(db: Executor, key: unknown, tables: LoggedTable[], count: RawBuilder<unknown>): Promise<number> {
      if (key === null) {
        const { rows } = await sql<{ total: string }>`select (${count}) as total`.execute(db);
        return Number(rows[0].total);
      }
      const text = JSON.stringify(key);
      const known = kept.get(text);
      const { rows } = await sql<{ version: string; total: string | null }>`
        with v as (select ${versionOf(tables)} as version)
        select v.version, case when v.version = ${known?.version ?? null} then null else (${count}) end as total from v`.execute(
        db,
      );
      const { version, total } = rows[0];
      // A null total: the version is the one kept (a comparison with no kept version is never true).
      const entry = total === null ? known! : { version, total: Number(total) };
      kept.set(text, entry);
      return entry.total;
    },
  };
}

// How many rows a table has as the planner last counted them (pg_class, kept by ANALYZE and autovacuum), read at
// most once a minute: enough to weigh one way of reading a list against another. Never less than 0 (a table
// never analysed says -1).
export function createTableSize(db: Executor, table: LoggedTable, maxAgeMs = 60_000) {
  let known: { rows: number; at: number } | null = null;
  return async (): Promise<number> => {
    if (known === null || Date.now() - known.at > maxAgeMs) {
      const { rows } = await sql<{
        rows: number;
      }>`select greatest(reltuples, 0)::float8 as rows from pg_class where oid = ${table}::regclass`.execute(db);
      known = { rows: Number(rows[0]?.rows ?? 0), at: Date.now() };
    }
    return known.rows;
  };
}
