import assert from 'node:assert/strict';
import { PassThrough, type Readable } from 'node:stream';
import { test } from 'node:test';
import type { FastifyReply } from 'fastify';
import { sendCsv } from './csv-stream';

// A reply that hands the stream to the test, as Fastify would send it to a slow client.
function fakeReply() {
  let sent: Readable | null = null;
  const reply = {
    header: () => reply,
    send: (stream: Readable) => {
      sent = stream;
      return reply;
    },
    log: { warn: () => undefined },
  };
  return { reply: reply as unknown as FastifyReply, stream: () => sent as unknown as PassThrough };
}

test('a long export to a slow reader waits for it without piling up listeners', async () => {
  const { reply, stream } = fakeReply();
  const columns = [{ title: 'Texte', value: (item: string) => item }];
  let most = 0;
  let batches = 0;
  const done = new Promise<void>((resolve) => {
    sendCsv(reply, 'x.csv', columns, async (write) => {
      for (let batch = 0; batch < 200; batch += 1) {
        // 64 KB a batch: more than the stream buffers, so every batch waits for the reader.
        await write(Array.from({ length: 64 }, () => 'x'.repeat(1023)));
        batches += 1;
        const out = stream();
        most = Math.max(most, out.listenerCount('close'), out.listenerCount('drain'), out.listenerCount('error'));
      }
      resolve();
    });
  });
  // The reader: slow, a chunk at a time.
  const out = stream();
  let bytes = 0;
  out.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    out.pause();
    setImmediate(() => out.resume());
  });
  await done;
  await new Promise((resolve) => out.once('end', resolve));
  assert.equal(batches, 200);
  assert.ok(bytes > 200 * 64 * 1023, String(bytes));
  // The stream's own listeners and at most the wait under way: not one more per wait.
  assert.ok(most <= 3, `listeners: ${most}`);
});
