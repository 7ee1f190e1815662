import { createLru } from './lru';

// A todo list of several owners (a team's, everyone's) is composed of one piece per owner: that owner's todos in
// the list, as JSON text, in the list's order. This instance keeps the pieces it read, each with the data versions
// it was read at: its owner's, and those of the owners of the follow-ups it nests (a follow-up may have been given
// to someone else). A piece whose versions are all still current is the data as it is now; after a write, only the
// pieces of the owners it touched are read again. Everyone's month cost the database 25 to 30 ms to build whole,
// each time anyone saved a todo; one owner's piece, about 1 ms.

export type PieceItem = { deadline: string; id: number; json: string };
export type Piece = { versions: ReadonlyMap<number, string>; items: readonly PieceItem[] };

// The text kept, in characters, across every piece: a month of everyone's todos is about a million.
const KEPT_CHARS = 16_000_000;

const sizeOf = (piece: Piece) => piece.items.reduce((total, item) => total + item.json.length, 0);

export function createPieceStore(capacity = KEPT_CHARS) {
  const kept = createLru<string, Piece>(capacity, sizeOf);

  return {
    // The piece kept under `key` if every version it was read at is still the current one.
    current(key: string, versions: ReadonlyMap<number, string>): Piece | undefined {
      const piece = kept.get(key);
      if (piece === undefined) return undefined;
      for (const [owner, version] of piece.versions) {
        if (versions.get(owner) !== version) {
          kept.delete(key);
          return undefined;
        }
      }
      return piece;
    },

    keep(key: string, piece: Piece) {
      kept.set(key, piece);
    },

    get size() {
      return kept.weight;
    },
  };
}

// The list's JSON text from its owners' pieces: every item in the list's order (deadline, then id).
export function composePieces(pieces: readonly Piece[]): string {
  const items = pieces.length === 1 ? pieces[0].items : pieces.flatMap((piece) => piece.items).sort(byDeadlineThenId);
  return `[${items.map((item) => item.json).join(',')}]`;
}

const byDeadlineThenId = (a: PieceItem, b: PieceItem) =>
  a.deadline < b.deadline ? -1 : a.deadline > b.deadline ? 1 : a.id - b.id;
