import { foldAccents, personTitles, type ErrorCode, type PersonTitle, type SortOrder } from '@bo/contracts/all';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { AppError } from '../errors';

export function toPersonTitle(value: string): PersonTitle {
  const title = personTitles.find((candidate) => candidate === value);
  if (title === undefined) throw new Error(`Unknown person title in the database: ${value}`);
  return title;
}

// A case- and accent-insensitive sort key computed by the database, with the "C" collation so that both
// engines (whatever their default collation) return the same order.
export const SORTABLE_FROM = 'àâäáãåéèêëíìîïóòôöõúùûüçñÿœæ';
export const SORTABLE_TO = 'aaaaaaeeeeiiiiooooouuuucnyoa';

// A list's order: its keys, then the id to break ties, all in the list's direction. Empty values come last going
// up and first going down, so that one index on (key, id) serves both directions, read forwards or backwards.
export function orderedBy<QB extends { orderBy: (expression: RawBuilder<unknown>) => QB }>(
  q: QB,
  keys: readonly RawBuilder<unknown>[],
  order: SortOrder,
): QB {
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  let out = q;
  for (const key of keys) out = out.orderBy(sql`${key} ${direction}`);
  return out.orderBy(sql`c.id ${direction}`);
}

// LIKE pattern for "contains" with the user's text taken literally.
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

// Every search of the product ignores case and accents the same way: a column is folded by the database as the
// search keys and their indexes are (migrations 0010, 0013, 0016), the user's text by foldAccents beforehand
// (whatever the database's locale makes of an upper-case accented letter).
export const fold = (expression: Expression<unknown>) =>
  sql<string>`translate(lower(${expression}), ${sql.lit(SORTABLE_FROM)}, ${sql.lit(SORTABLE_TO)})`;

// "Contains" on a folded column: the user's text, folded, taken literally.
export function foldedContains(text: string): string {
  return `%${escapeLike(foldAccents(text.trim()))}%`;
}

// Runs a write; a unique index refusing it (SQLSTATE 23505, on either engine) becomes the catalogue code that
// index stands for, as if the check before the write had seen the other row.
export async function onUniqueViolation<T>(
  codes: Record<string, { code: ErrorCode; field: string }>,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    const known = code === '23505' && typeof constraint === 'string' ? codes[constraint] : undefined;
    if (known !== undefined) throw new AppError(known.code, { field: known.field });
    throw error;
  }
}

// One of a page's ids (`column` = any of them), the ids as one array parameter: the same text for every page, as a
// prepared statement needs (db/prepared.ts).
export const amongIds = (column: string, ids: number[]) => sql<SqlBool>`${sql.ref(column)} = any(${ids}::int[])`;

// A page read in two steps, its ids in the list's order and then its rows by id (amongIds): the rows put back in
// the ids' order, nothing read for an empty page. A row removed between the two reads is left out of the page.
export async function rowsInOrder<R extends { id: number }>(
  ids: readonly number[],
  read: () => Promise<R[]>,
): Promise<R[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await read()).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
