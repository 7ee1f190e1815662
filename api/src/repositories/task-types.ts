import { isReadableTaskStyle, type ErrorCode, type Task, type TaskType, type TaskTypeChanges } from '@bo/contracts/all';
import { sql, type SqlBool } from 'kysely';
import type { Db, TaskRow } from '../db/database';
import { AppError } from '../errors';
import { diff, type HistoryRepository } from './history';
import { onUniqueViolation } from './mapping';

// A task type's three colours, from whichever query selected them.
export const taskStyleOf = (row: Pick<TaskRow, 'background_color' | 'border_color' | 'color'>) => ({
  backgroundColor: row.background_color,
  borderColor: row.border_color,
  color: row.color,
});

export function toTaskDto(
  row: Pick<TaskRow, 'id' | 'description' | 'background_color' | 'border_color' | 'color' | 'is_active'>,
): Task {
  return { id: row.id, description: row.description, style: taskStyleOf(row), isActive: row.is_active };
}

const toTaskType = (row: TaskRow): TaskType => ({ ...toTaskDto(row), order: row.display_order });

const toColumns = (changes: TaskTypeChanges) => ({
  description: changes.description,
  background_color: changes.style.backgroundColor,
  border_color: changes.style.borderColor,
  color: changes.style.color,
  display_order: changes.order,
  is_active: changes.isActive,
});

const uniqueCodes: Record<string, { code: ErrorCode; field: string }> = {
  task_description_key: { code: 'existingTitle', field: 'description' },
  task_description_folded_key: { code: 'existingTitle', field: 'description' },
};

export function createTaskTypeRepository(db: Db, history: HistoryRepository) {
  async function refuseSameDescription(description: string, id: number | null) {
    const same = await db
      .selectFrom('task')
      .select('id')
      .where(sql<SqlBool>`lower(description) = lower(${description})`)
      .execute();
    if (same.some((row) => row.id !== id)) throw new AppError('existingTitle', { field: 'description' });
  }

  // Checked before anything else is: a type nobody can read is offered to no one.
  function refuseUnreadable(changes: TaskTypeChanges) {
    if (!isReadableTaskStyle(changes.style)) throw new AppError('lowContrast', { field: 'style.color' });
  }

  async function listAll(): Promise<TaskType[]> {
    const rows = await db.selectFrom('task').selectAll().orderBy('display_order').orderBy('id').execute();
    return rows.map(toTaskType);
  }

  return {
    // The types offered for new todos, in the admin's order.
    async listActive(): Promise<Task[]> {
      const rows = await db
        .selectFrom('task')
        .selectAll()
        .where('is_active', '=', true)
        .orderBy('display_order')
        .orderBy('id')
        .execute();
      return rows.map(toTaskDto);
    },

    listAll,

    findById(id: number): Promise<TaskRow | undefined> {
      return db.selectFrom('task').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async create(changes: TaskTypeChanges, actorId: number): Promise<TaskType> {
      refuseUnreadable(changes);
      await refuseSameDescription(changes.description, null);
      return onUniqueViolation(uniqueCodes, () =>
        db.transaction().execute(async (trx) => {
          const row = await trx.insertInto('task').values(toColumns(changes)).returningAll().executeTakeFirstOrThrow();
          await history.record(trx, {
            entity: 'task',
            entityId: row.id,
            action: 'create',
            changes: diff({}, flat(row)),
            userId: actorId,
          });
          return toTaskType(row);
        }),
      );
    },

    // The listed types take the places 1, 2, 3... in that order; the others follow in their former order. One
    // history entry per type whose place changed.
    async reorder(ids: readonly number[], actorId: number): Promise<TaskType[]> {
      await db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('task')
          .selectAll()
          .orderBy('display_order')
          .orderBy('id')
          .forUpdate()
          .execute();
        const known = new Set(rows.map((row) => row.id));
        if (ids.some((id) => !known.has(id))) throw new AppError('modelNotFound', { field: 'ids' });
        const listed = new Set(ids);
        const sequence = [...ids, ...rows.filter((row) => !listed.has(row.id)).map((row) => row.id)];
        for (const [index, id] of sequence.entries()) {
          const before = rows.find((row) => row.id === id)!;
          const order = index + 1;
          if (before.display_order === order) continue;
          await trx.updateTable('task').set({ display_order: order }).where('id', '=', id).execute();
          await history.record(trx, {
            entity: 'task',
            entityId: id,
            action: 'update',
            changes: diff({ order: before.display_order }, { order }),
            userId: actorId,
          });
        }
      });
      return listAll();
    },

    // A type in use is never deleted: deactivated, it is no longer offered but still colours the old todos.
    async update(id: number, changes: TaskTypeChanges, actorId: number): Promise<TaskType> {
      refuseUnreadable(changes);
      await refuseSameDescription(changes.description, id);
      return onUniqueViolation(uniqueCodes, () =>
        db.transaction().execute(async (trx) => {
          const before = await trx.selectFrom('task').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
          if (before === undefined) throw new AppError('modelNotFound', { field: 'id' });
          const after = await trx
            .updateTable('task')
            .set(toColumns(changes))
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          const changed = diff(flat(before), flat(after));
          if (Object.keys(changed).length > 0)
            await history.record(trx, {
              entity: 'task',
              entityId: id,
              action: 'update',
              changes: changed,
              userId: actorId,
            });
          return toTaskType(after);
        }),
      );
    },
  };
}

// The fields a history entry compares, flat (the colours one by one).
const flat = (row: TaskRow) => ({
  description: row.description,
  backgroundColor: row.background_color,
  borderColor: row.border_color,
  color: row.color,
  order: row.display_order,
  isActive: row.is_active,
});
export type TaskTypeRepository = ReturnType<typeof createTaskTypeRepository>;
