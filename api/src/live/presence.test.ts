import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PRESENCE_TTL_MS, type LivePresence } from '@bo/contracts/all';
import { createPresence } from './presence';

describe('presence', () => {
  it('forgets a tab not heard from for the time allowed, and says so', () => {
    let now = 1_000_000;
    const told: LivePresence[] = [];
    const presence = createPresence({ tell: (item) => told.push(item), now: () => now });
    const say = (tab: string, record: string | null, userId = 7) =>
      presence.receive(JSON.stringify({ tab, userId, name: 'Julie Moreau', record }));
    say('a1', 'contact:3');
    say('b2', 'company:4');
    assert.deepEqual(
      told.map((item) => [item.tab, item.record, item.present]),
      [
        ['a1', 'contact:3', true],
        ['b2', 'company:4', true],
      ],
    );
    // a1 says it again just in time, b2 does not.
    now += PRESENCE_TTL_MS - 1_000;
    say('a1', 'contact:3');
    now += 2_000;
    presence.sweep();
    assert.deepEqual(told.at(-1), {
      tab: 'b2',
      userId: 7,
      name: 'Julie Moreau',
      record: 'company:4',
      present: false,
    });
    assert.deepEqual(
      presence.all().map((item) => item.tab),
      ['a1'],
    );
    // Moving to another record: gone from the first, there on the second. Another user's word for a1: ignored.
    say('a1', 'contact:9');
    say('a1', null, 8);
    assert.deepEqual(
      told.slice(-2).map((item) => [item.record, item.present]),
      [
        ['contact:3', false],
        ['contact:9', true],
      ],
    );
    assert.equal(presence.all()[0].record, 'contact:9');
  });
});
