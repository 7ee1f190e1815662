// `npm run token-secret`: prints the token secret the API keeps in the database while TOKEN_SECRET is unset, so
// that it can be given as TOKEN_SECRET_PREVIOUS when moving to a TOKEN_SECRET of one's own (docs/production.md).
// It only reads: the secret alone on the standard output, the messages on the error output.
import { commandTarget, describeTarget, holdsEmbeddedDatabase } from '../db/command-target';
import { openDatabase } from '../db/engine';

try {
  const target = commandTarget(process.env);
  if (target.engine === 'pglite' && !holdsEmbeddedDatabase(target.dataDir))
    throw new Error(`Aucune base embarquée dans ${target.dataDir} (DATA_DIR, ou DATA_ROOT/pglite).`);
  const database = await openDatabase(
    target.engine === 'postgres'
      ? { databaseUrl: target.url, dataDir: null }
      : { databaseUrl: null, dataDir: target.dataDir },
  );
  try {
    const row = await database.db
      .selectFrom('app_setting')
      .select('value')
      .where('key', '=', 'token_secret')
      .executeTakeFirst()
      .catch(() => undefined);
    if (row === undefined) {
      console.error(
        `Aucun secret de jeton enregistré dans ${describeTarget(target)} : l'API n'y a pas encore démarré.`,
      );
      process.exitCode = 1;
    } else {
      process.stdout.write(`${row.value}\n`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
