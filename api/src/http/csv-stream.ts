import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { CSV_BOM, CSV_CONTENT_TYPE, csvHeader, csvLine, type CsvColumn } from '@bo/contracts/all';
import type { FastifyReply } from 'fastify';

// Streams a CSV file: the header at once, then each batch of items as the producer reads them. Writing waits
// while the client is slower than the database (backpressure); a client that goes away stops the producer.
export function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  columns: readonly CsvColumn<T>[],
  produce: (write: (items: T[]) => Promise<void>) => Promise<void>,
): FastifyReply {
  const stream = new PassThrough();
  const write = async (text: string) => {
    if (stream.destroyed) throw new Error('The client left before the end of the export');
    if (stream.write(text)) return;
    // Whichever comes first; the other's listeners are removed, or each wait of a long export would leave one.
    const waited = new AbortController();
    try {
      await Promise.race([
        once(stream, 'drain', { signal: waited.signal }),
        once(stream, 'close', { signal: waited.signal }),
      ]);
    } finally {
      waited.abort();
    }
  };
  write(CSV_BOM + csvHeader(columns))
    .then(() => produce((items) => write(items.map((item) => csvLine(columns, item)).join(''))))
    .then(
      () => stream.end(),
      (error: unknown) => {
        // The status is sent already: the client sees a cut file, the log says why.
        reply.log.warn({ err: error }, 'export stopped');
        stream.destroy();
      },
    );
  return reply
    .header('content-type', CSV_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(stream);
}
