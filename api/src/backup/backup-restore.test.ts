import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../db/seed';
import { call, createTestApp, login, testEngines, testPasswordHashing } from '../test/harness';
import { diskDatabase, runCommand } from '../test/on-disk';

const command = (action: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv) =>
  runCommand('api/src/backup/command.ts', [action, ...args], env);

// Every row of every table of the schema (the migrations' own included), in a fixed order.
async function everyRow(db: Db): Promise<Record<string, string[]>> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(db);
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{
      row: string;
    }>`select to_jsonb(t)::text as row from ${sql.table(name)} t order by 1`.execute(db);
    all[name] = rows.map((r) => r.row);
  }
  return all;
}

for (const engine of testEngines()) {
  test(`${engine}: a backup restored into an empty database gives back every record as it was`, async (t) => {
    const folder = mkdtempSync(path.join(tmpdir(), 'bo-backup-'));
    const source = await diskDatabase(engine, folder, 'source');
    const restored = await diskDatabase(engine, folder, 'restored');
    t.after(async () => {
      await source.drop();
      await restored.drop();
      rmSync(folder, { recursive: true, force: true });
    });

    let database = await source.open();
    await migrateToLatest(database.db);
    await seedDemo(database.db, { passwordHashing: testPasswordHashing });
    const before = await everyRow(database.db);
    const gone = await sql<{ id: number; last_name: string }>`
      select id, last_name from contact c where not exists (select 1 from todo where contact_id = c.id)
        and not exists (select 1 from needs_sheet where contact_id = c.id) order by id limit 1`.execute(database.db);
    const contact = gone.rows[0];

    // The embedded database is one process's: no backup of a folder the API (here, this test) has open.
    if (engine === 'pglite') {
      const refused = command('backup', ['--dir', folder], source.env);
      assert.equal(refused.code, 1);
      assert.match(refused.err, /est ouvert par le processus \d+/);
    }
    await database.close();

    const file = path.join(folder, engine === 'pglite' ? 'backup.tar.gz' : 'backup.dump');
    const made = command('backup', ['--out', file], source.env);
    assert.equal(made.code, 0, made.err);
    assert.match(made.out, new RegExp(`écrite : ${file.replace(/[.]/g, '\\.')} \\(\\d`));
    assert.match(made.out, new RegExp(`${before.contact.length} contacts, ${before.todo.length} tâches`));
    assert.ok(existsSync(file));
    assert.equal(command('backup', ['--out', file], source.env).code, 1, 'an existing backup is never replaced');

    // Changes after the backup: a record changed, some deleted.
    database = await source.open();
    await sql`update company set name = name || ' (modifiée)' where id = (select min(id) from company)`.execute(
      database.db,
    );
    await sql`delete from contact where id = ${contact.id}`.execute(database.db);
    await sql`delete from todo where id = (select min(id) from todo t where not exists
      (select 1 from todo r where r.replacement_id = t.id))`.execute(database.db);
    await sql`delete from needs_sheet where id = (select min(id) from needs_sheet)`.execute(database.db);
    const after = await everyRow(database.db);
    for (const table of ['company', 'contact', 'todo', 'needs_sheet']) assert.notDeepEqual(after[table], before[table]);
    await database.close();

    // Never over a database that holds the schema.
    const over = command('restore', [file], source.env);
    assert.equal(over.code, 1);
    assert.match(over.err, /n'est pas vide/);

    const back = command('restore', [file], restored.env);
    assert.equal(back.code, 0, back.err);
    assert.match(back.out, new RegExp(`${before.contact.length} contacts`));

    database = await restored.open();
    t.after(() => database.close());
    assert.deepEqual(await everyRow(database.db), before);
    // The API on the restored database finds the deleted contact, and writes after it (its sequences restored).
    const app = await createTestApp(database.db);
    t.after(() => app.close());
    const token = await login(app, 'ADM', DEMO_PASSWORD);
    const read = await call<{ lastName: string }>(app, 'GET', `/contact/${contact.id}`, { token });
    assert.equal(read.status, 200);
    assert.equal(read.body.data?.lastName, contact.last_name);
  });
}
