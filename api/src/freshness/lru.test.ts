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

describe('createLru with weights', () => {
  it('keeps the most recently used entries within the weight budget, and never one heavier than it', () => {
    const lru = createLru<string, string>(6, (value) => value.length);
    lru.set('a', 'aa');
    lru.set('b', 'bb');
    assert.equal(lru.get('a'), 'aa');
    lru.set('c', 'ccc');
    assert.deepEqual([lru.peek('a'), lru.peek('b'), lru.peek('c'), lru.weight], ['aa', undefined, 'ccc', 5]);
    lru.set('d', 'ddddddd');
    assert.deepEqual([lru.peek('d'), lru.size, lru.weight], [undefined, 2, 5]);
    lru.set('a', 'aaaaaaa');
    assert.deepEqual([lru.peek('a'), lru.size, lru.weight], [undefined, 1, 3]);
    lru.delete('c');
    assert.deepEqual([lru.size, lru.weight], [0, 0]);
  });
});
