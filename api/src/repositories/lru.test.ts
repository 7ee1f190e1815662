import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLru } from './lru';

describe('createLru', () => {
  it('keeps the most recently used entries up to its capacity, a read counting as a use', () => {
    const lru = createLru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    assert.equal(lru.get('a'), 1);
    lru.set('c', 3);
    assert.deepEqual([lru.get('a'), lru.get('b'), lru.get('c')], [1, undefined, 3]);
    lru.set('a', 10);
    lru.set('d', 4);
    assert.deepEqual([lru.get('a'), lru.get('c'), lru.get('d')], [10, undefined, 4]);
  });
});
