import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAnswerCache } from './answer-cache';

// The data version lives in the database; here a variable stands for it, and builds count how often they run.
function harness(maxBytes = 1000) {
  let version = 1;
  let builds = 0;
  const cache = createAnswerCache(maxBytes);
  return {
    read: async (key: string, text: string, fresh = false) => {
      const answer = await cache.read(
        key,
        String(version),
        async () => {
          builds += 1;
          return { body: Buffer.from(text), version: String(version) };
        },
        fresh,
      );
      return { text: answer.body.toString(), outcome: answer.outcome };
    },
    stats: () => cache.stats(),
    write: () => (version += 1),
    builds: () => builds,
  };
}

describe('answer cache', () => {
  it('answers from memory while the data version is unchanged, and builds again after a write', async () => {
    const h = harness();
    assert.deepEqual(await h.read('a', '[1]'), { text: '[1]', outcome: 'miss' });
    assert.deepEqual(await h.read('a', '[2]'), { text: '[1]', outcome: 'hit' });
    h.write();
    assert.deepEqual(await h.read('a', '[3]'), { text: '[3]', outcome: 'miss' });
    assert.equal(h.builds(), 2);
  });

  it('builds anew when the caller asks for a fresh answer, and keeps it', async () => {
    const h = harness();
    await h.read('a', '[1]');
    assert.deepEqual(await h.read('a', '[2]', true), { text: '[2]', outcome: 'bypass' });
    assert.deepEqual(await h.read('a', '[3]'), { text: '[2]', outcome: 'hit' });
  });

  it('keeps nothing with a budget of 0', async () => {
    const h = harness(0);
    await h.read('a', '[1]');
    assert.deepEqual(await h.read('a', '[2]'), { text: '[2]', outcome: 'bypass' });
    assert.deepEqual(h.stats(), { entries: 0, bytes: 0 });
  });

  it('drops the least recently used answers to stay within its budget', async () => {
    const h = harness(10);
    await h.read('a', 'aaaa');
    await h.read('b', 'bbbb');
    await h.read('a', '----');
    await h.read('c', 'cccc');
    assert.deepEqual(h.stats(), { entries: 2, bytes: 8 });
    assert.equal((await h.read('a', '----')).outcome, 'hit');
    assert.equal((await h.read('b', 'BBBB')).text, 'BBBB');
    // Larger than the whole budget: answered, never kept.
    assert.equal((await h.read('d', 'd'.repeat(11))).text, 'd'.repeat(11));
    assert.equal((await h.read('d', 'D')).text, 'D');
  });

  it('shares one build between requests that miss together', async () => {
    const h = harness();
    const answers = await Promise.all([1, 2, 3].map(() => h.read('a', '[1]')));
    assert.deepEqual(
      answers.map((answer) => answer.text),
      ['[1]', '[1]', '[1]'],
    );
    assert.equal(h.builds(), 1);
  });

  it('does not hand a request a build that started before a write it has seen', async () => {
    const cache = createAnswerCache(1000);
    const built = (text: string, version: string) => ({ body: Buffer.from(text), version });
    let release = () => undefined as void;
    // A build that read the data at version 1, then is slow to finish.
    const slow = cache.read('a', '1', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return built('[v1]', '1');
    });
    await new Promise((resolve) => setImmediate(resolve));
    // A request that saw version 2 arrives meanwhile.
    const after = cache.read('a', '2', async () => built('[v2]', '2'));
    await new Promise((resolve) => setImmediate(resolve));
    release();
    assert.equal((await slow).body.toString(), '[v1]');
    assert.equal((await after).body.toString(), '[v2]');
    assert.equal((await cache.read('a', '2', async () => built('rebuilt', '2'))).outcome, 'hit');
  });
});
