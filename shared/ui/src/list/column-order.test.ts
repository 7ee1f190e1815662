import { moveItem, reconcileOrder } from './column-order';

describe('column order', () => {
  it('keeps a stored order, drops unknown keys and appends new columns', () => {
    expect(reconcileOrder(['city', 'gone', 'name', 'city'], ['name', 'company', 'city'])).toEqual([
      'city',
      'name',
      'company',
    ]);
    expect(reconcileOrder(null, ['a', 'b'])).toEqual(['a', 'b']);
  });

  it('moves one item and leaves the list alone for an out-of-range move', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
  });
});
