import type { Executor } from '../db/database';

export type HistoryEntity = 'company' | 'contact' | 'todo';
export type Changes = Record<string, { from: unknown; to: unknown }>;

// Compares a row before and after a change, keeping only the fields that moved.
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key];
    const same = from instanceof Date && to instanceof Date ? from.getTime() === to.getTime() : from === to;
    if (!same) changes[key] = { from, to };
  }
  return changes;
}

export function createHistoryRepository() {
  return {
    // Every change to a contact or a todo is recorded (who, when, what) in the same transaction.
    async record(
      db: Executor,
      entry: { entity: HistoryEntity; entityId: number; action: string; changes: Changes; userId: number | null },
    ): Promise<void> {
      await db
        .insertInto('history')
        .values({
          entity: entry.entity,
          entity_id: entry.entityId,
          action: entry.action,
          changes: JSON.stringify(entry.changes),
          user_id: entry.userId,
        })
        .execute();
    },
  };
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
