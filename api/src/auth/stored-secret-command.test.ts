import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { migrateToLatest } from '../db/migrate';
import { createSecurityRepository } from '../repositories/security';
import { testEngines } from '../test/harness';
import { diskDatabase, runCommand } from '../test/on-disk';

const tokenSecret = (env: NodeJS.ProcessEnv) => runCommand('api/src/auth/stored-secret-command.ts', [], env);

for (const engine of testEngines()) {
  test(`${engine}: npm run token-secret prints the secret the API keeps, and only reads`, async (t) => {
    const folder = mkdtempSync(path.join(tmpdir(), 'bo-secret-'));
    const place = await diskDatabase(engine, folder, 'secret');
    t.after(async () => {
      await place.drop();
      rmSync(folder, { recursive: true, force: true });
    });
    if (engine === 'pglite') {
      const none = tokenSecret(place.env);
      assert.equal(none.code, 1);
      assert.match(none.err, /Aucune base embarquée/);
    }

    let database = await place.open();
    await migrateToLatest(database.db);
    await database.close();
    const before = tokenSecret(place.env);
    assert.equal(before.code, 1);
    assert.match(before.err, /Aucun secret de jeton enregistré/);

    database = await place.open();
    const kept = await createSecurityRepository(database.db).tokenSecret();
    await database.close();
    const printed = tokenSecret(place.env);
    assert.equal(printed.code, 0, printed.err);
    assert.equal(printed.out, `${kept}\n`);
  });
}
