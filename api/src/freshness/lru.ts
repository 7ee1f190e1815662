// A map that keeps its most recently used entries within a budget: `capacity` entries, or, with `weigh`, a total
// weight (an answer's bytes, a piece's characters). A Map iterates in insertion order, and an entry read is inserted
// again, so the first entry is the least recently used one. An entry heavier than the whole budget is not kept.
export function createLru<K, V>(capacity: number, weigh: (value: V) => number = () => 1) {
  const kept = new Map<K, { value: V; weight: number }>();
  let weight = 0;

  const remove = (key: K) => {
    const entry = kept.get(key);
    if (entry === undefined) return;
    kept.delete(key);
    weight -= entry.weight;
  };

  return {
    // The value kept under `key`, now the most recently used.
    get(key: K): V | undefined {
      const entry = kept.get(key);
      if (entry === undefined) return undefined;
      kept.delete(key);
      kept.set(key, entry);
      return entry.value;
    },
    // The value kept under `key`, its place unchanged.
    peek(key: K): V | undefined {
      return kept.get(key)?.value;
    },
    set(key: K, value: V): void {
      remove(key);
      const entry = { value, weight: weigh(value) };
      if (entry.weight > capacity) return;
      kept.set(key, entry);
      weight += entry.weight;
      for (const oldest of kept.keys()) {
        if (weight <= capacity) break;
        remove(oldest);
      }
    },
    delete: remove,
    get size(): number {
      return kept.size;
    },
    // The weight of every entry kept (their count without `weigh`).
    get weight(): number {
      return weight;
    },
  };
}
export type Lru<K, V> = ReturnType<typeof createLru<K, V>>;
