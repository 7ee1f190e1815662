import type { Task } from '@bo/contracts';
import type { Db, TaskRow } from '../db/database';

export function toTaskDto(row: Pick<TaskRow, 'id' | 'description' | 'background_color' | 'border_color' | 'color' | 'is_active'>): Task {
  return {
    id: row.id,
    description: row.description,
    style: { backgroundColor: row.background_color, borderColor: row.border_color, color: row.color },
    isActive: row.is_active,
  };
}

export function createTaskRepository(db: Db) {
  return {
    async listActive(): Promise<Task[]> {
      const rows = await db.selectFrom('task').selectAll().where('is_active', '=', true).orderBy('id').execute();
      return rows.map(toTaskDto);
    },

    findById(id: number): Promise<TaskRow | undefined> {
      return db.selectFrom('task').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
export type TaskRepository = ReturnType<typeof createTaskRepository>;
