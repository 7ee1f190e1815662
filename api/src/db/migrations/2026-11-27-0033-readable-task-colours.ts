import { meetsWcagAa, readableTextOn } from '@bo/contracts/all';
import { sql, type Kysely } from 'kysely';

// Frozen in time: typed Kysely<any> on purpose, it must keep describing the schema as it was that day.
/* eslint-disable @typescript-eslint/no-explicit-any */

// A task type is saved only when its text reads on its background (at least 4.5:1). The types saved before that
// rule whose text did not read get black or white text, whichever reads better on their background (their
// background and border, the colours people know them by, stay); each repair is in the type's history, by nobody.
export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{
    id: number;
    background_color: string;
    color: string;
  }>`select id, background_color, color from task order by id`.execute(db);
  for (const row of rows) {
    if (meetsWcagAa(row.color, row.background_color)) continue;
    const color = readableTextOn(row.background_color);
    const changes = JSON.stringify({ color: { from: row.color, to: color } });
    await sql`
      with changed as (update task set color = ${color} where id = ${row.id} returning id)
      insert into history (entity, entity_id, action, changes) select 'task', changed.id, 'update', cast(${changes} as jsonb) from changed`.execute(
      db,
    );
  }
}

// The former colours are in the history; nothing to undo in the schema.
export async function down(): Promise<void> {}
