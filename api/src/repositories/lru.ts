// A map that keeps its `capacity` most recently used entries: a Map iterates in insertion order, and an entry read
// is inserted again.
export function createLru<K, V>(capacity: number) {
  const kept = new Map<K, V>();
  return {
    get(key: K): V | undefined {
      const value = kept.get(key);
      if (value !== undefined) {
        kept.delete(key);
        kept.set(key, value);
      }
      return value;
    },
    set(key: K, value: V): void {
      kept.delete(key);
      kept.set(key, value);
      if (kept.size > capacity) kept.delete(kept.keys().next().value as K);
    },
  };
}
