import { createLru } from './lru';

// An answer's bytes, with the data version of the database snapshot they were built from.
export type VersionedBody = { body: Buffer; version: string };

export type CacheOutcome = 'hit' | 'miss' | 'bypass';

const isOlder = (a: string, b: string) => BigInt(a) < BigInt(b);

// Large answers kept with the data version they were built at. A caller passes the version the database
// holds now (read just before): an answer is served from memory only while
// it is that one, so any write to the data it is made of, from this instance or another, makes it stale at
// once. The least recently used answers go first when the budget (in bytes; 0: off) is full. Requests that miss
// the same key together share one build, unless it started before a write they have seen.
export function createAnswerCache(maxBytes: number) {
  const entries = createLru<string, VersionedBody>(maxBytes, (value) => value.body.length);
  const building = new Map<string, Promise<VersionedBody>>();

  const keep = (key: string, value: VersionedBody) => {
    const current = entries.peek(key);
    if (current !== undefined && isOlder(value.version, current.version)) return;
    entries.set(key, value);
  };

  const shared = (key: string, build: () => Promise<VersionedBody>) => {
    let pending = building.get(key);
    if (pending === undefined) {
      pending = build().finally(() => building.delete(key));
      building.set(key, pending);
    }
    return pending;
  };

  return {
    // The answer for key at `version`: from memory when it was built at that version, built otherwise (and
    // kept). `fresh` skips the memory (the caller asked for no-cache) and refreshes it.
    async read(
      key: string,
      version: string,
      build: () => Promise<VersionedBody>,
      fresh = false,
    ): Promise<{ body: Buffer; outcome: CacheOutcome }> {
      if (maxBytes === 0) return { body: (await build()).body, outcome: 'bypass' };
      if (fresh) {
        const built = await build();
        keep(key, built);
        return { body: built.body, outcome: 'bypass' };
      }
      const hit = entries.get(key);
      if (hit !== undefined && hit.version === version) return { body: hit.body, outcome: 'hit' };
      let built = await shared(key, build);
      if (isOlder(built.version, version)) built = await build();
      keep(key, built);
      return { body: built.body, outcome: 'miss' };
    },

    stats: () => ({ entries: entries.size, bytes: entries.weight }),
  };
}
export type AnswerCache = ReturnType<typeof createAnswerCache>;
