import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { composePieces, createPieceStore, type Piece } from './owner-pieces';

const piece = (versions: [number, string][], items: [string, number][]): Piece => ({
  versions: new Map(versions),
  items: items.map(([deadline, id]) => ({ deadline, id, json: `{"id":${id}}` })),
});

describe('owner pieces', () => {
  it('gives back a piece while every version it was read at is current, and forgets it once one is not', () => {
    const store = createPieceStore();
    const kept = piece(
      [
        [1, '10'],
        [2, '7'],
      ],
      [['2026-03-01', 4]],
    );
    store.keep('1:march', kept);
    assert.equal(
      store.current(
        '1:march',
        new Map([
          [1, '10'],
          [2, '7'],
          [3, '1'],
        ]),
      ),
      kept,
    );
    assert.equal(
      store.current(
        '1:april',
        new Map([
          [1, '10'],
          [2, '7'],
        ]),
      ),
      undefined,
    );
    // The owner of a follow-up it nests wrote: the piece is stale, and gone.
    assert.equal(
      store.current(
        '1:march',
        new Map([
          [1, '10'],
          [2, '8'],
        ]),
      ),
      undefined,
    );
    assert.equal(
      store.current(
        '1:march',
        new Map([
          [1, '10'],
          [2, '7'],
        ]),
      ),
      undefined,
    );
    assert.equal(store.size, 0);
  });

  it('keeps at most its capacity of text, the least recently used going first', () => {
    const size = '{"id":1}'.length;
    const store = createPieceStore(2 * size);
    const versions = new Map([[1, '1']]);
    store.keep('a', piece([[1, '1']], [['2026-03-01', 1]]));
    store.keep('b', piece([[1, '1']], [['2026-03-01', 1]]));
    assert.ok(store.current('a', versions) !== undefined);
    store.keep('c', piece([[1, '1']], [['2026-03-01', 1]]));
    assert.deepEqual(
      ['a', 'b', 'c'].map((key) => store.current(key, versions) !== undefined),
      [true, false, true],
    );
    // A piece larger than the whole store is not kept, and evicts nothing.
    store.keep(
      'd',
      piece(
        [[1, '1']],
        [
          ['2026-03-01', 1],
          ['2026-03-02', 2],
          ['2026-03-03', 3],
        ],
      ),
    );
    assert.deepEqual(
      ['a', 'c', 'd'].map((key) => store.current(key, versions) !== undefined),
      [true, true, false],
    );
    assert.equal(store.size, 2 * size);
  });

  it('composes a list in the order of deadlines, then ids, whatever the owners', () => {
    const first = piece(
      [[1, '1']],
      [
        ['2026-03-02', 9],
        ['2026-03-10', 1],
      ],
    );
    const second = piece(
      [[2, '1']],
      [
        ['2026-03-02', 3],
        ['2026-03-05', 20],
        ['2026-03-10', 2],
      ],
    );
    assert.equal(composePieces([first, second]), '[{"id":3},{"id":9},{"id":20},{"id":1},{"id":2}]');
    assert.equal(composePieces([first]), '[{"id":9},{"id":1}]');
    assert.equal(composePieces([piece([[1, '1']], [])]), '[]');
    assert.equal(composePieces([]), '[]');
  });
});
