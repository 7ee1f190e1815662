import { sql } from 'kysely';
import type { Db } from '../db/database';

// The tables a person checks a backup by, with their names in the commands' messages.
const mainTables = [
  ['app_user', 'utilisateurs'],
  ['company', 'sociétés'],
  ['contact', 'contacts'],
  ['todo', 'tâches'],
  ['needs_sheet', 'fiches de besoin'],
  ['history', "lignes d'historique"],
] as const;

// "4 utilisateurs, 120 sociétés, …": the rows of the main tables; a table the database does not hold is left out.
export async function describeRows(db: Db): Promise<string> {
  const parts: string[] = [];
  for (const [table, label] of mainTables) {
    const { rows: found } = await sql<{ found: boolean }>`select to_regclass(${table}) is not null as found`.execute(
      db,
    );
    if (found[0]?.found !== true) continue;
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from ${sql.table(table)}`.execute(db);
    parts.push(`${rows[0].count} ${label}`);
  }
  return parts.length === 0 ? "aucune table de l'application" : parts.join(', ');
}
