import type { SearchHit } from '@bo/contracts/search';

// The records a user last opened from the search box, newest first, kept in this browser for them alone: what the box
// offers before anything is typed.
const KEPT = 8;
const keyOf = (userId: number) => `bo.search.recent.${userId}`;

export function recentRecords(userId: number): SearchHit[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(stored) ? (stored as SearchHit[]).slice(0, KEPT) : [];
  } catch {
    return [];
  }
}

export function rememberRecord(userId: number, hit: SearchHit) {
  const others = recentRecords(userId).filter((one) => one.kind !== hit.kind || one.id !== hit.id);
  try {
    window.localStorage.setItem(keyOf(userId), JSON.stringify([hit, ...others].slice(0, KEPT)));
  } catch {
    // A browser that keeps nothing (private mode, full storage) simply offers no recent records.
  }
}
