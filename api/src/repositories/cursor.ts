import { CompiledQuery, type Compilable } from 'kysely';
import type { Db, Executor } from '../db/database';

// Rows per fetch of an export: small enough to keep the memory flat, large enough to keep round trips few.
export const EXPORT_BATCH = 1000;

// Reads a query's rows batch by batch through a server-side cursor, in one read-only transaction: an export of
// 100 000 rows holds two batches in memory at most, whatever its sort: the next is read while onBatch writes one
// out, and onBatch's promise is awaited before the one after, so a slow reader (the HTTP client) slows the reading
// instead of filling the memory. onBatch gets the transaction too, for what it reads beside the rows (on PGlite, one
// connection, a read outside it would wait for it to end).
export async function eachBatch<R>(
  db: Db,
  query: Compilable<R>,
  size: number,
  onBatch: (rows: R[], trx: Executor) => Promise<void>,
): Promise<void> {
  const compiled = query.compile();
  await db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await trx.executeQuery(
        CompiledQuery.raw(`declare batch_rows no scroll cursor for ${compiled.sql}`, [...compiled.parameters]),
      );
      const fetchBatch = () => trx.executeQuery<R>(CompiledQuery.raw(`fetch ${size} from batch_rows`));
      let next = fetchBatch();
      for (;;) {
        const { rows } = await next;
        const more = rows.length === size;
        // The database reads the next batch while this one is written out: two batches in memory at most.
        if (more) {
          next = fetchBatch();
          // A failure of onBatch ends the transaction; the batch read meanwhile is not waited for.
          next.catch(() => undefined);
        }
        if (rows.length > 0) await onBatch(rows, trx);
        if (!more) break;
      }
    });
}
