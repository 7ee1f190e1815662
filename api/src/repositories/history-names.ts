import { historyNameKey, historyReferenceFields, type HistoryReferenceKind } from '@bo/contracts/all';
import type { Executor } from '../db/database';

type Changes = Record<string, { from?: unknown; to?: unknown }>;
export type HistoryNames = Record<string, string>;

// The ids of each kind of record a set of changes names (an owner, a company, a contact).
function referencesOf(changes: Changes): [HistoryReferenceKind, number][] {
  const found: [HistoryReferenceKind, number][] = [];
  for (const [field, change] of Object.entries(changes)) {
    const kind = historyReferenceFields[field];
    if (kind === undefined) continue;
    for (const value of [change.from, change.to])
      if (typeof value === 'number' && Number.isInteger(value)) found.push([kind, value]);
  }
  return found;
}

// The records the changes of a page of history name, named as a reader knows them: a user by trigram and name, a
// company by its name, a contact by first and last name (a merged contact too), a task type by its description. Four
// queries a page at most, and each entry gets the names of its own changes.
export async function nameHistoryReferences(
  db: Executor,
  all: readonly Changes[],
): Promise<(changes: Changes) => HistoryNames> {
  const ids: Record<HistoryReferenceKind, Set<number>> = {
    user: new Set(),
    company: new Set(),
    contact: new Set(),
    task: new Set(),
  };
  for (const changes of all) for (const [kind, id] of referencesOf(changes)) ids[kind].add(id);
  const known = new Map<string, string>();
  const listed = (kind: HistoryReferenceKind) => [...ids[kind]];
  if (ids.user.size > 0) {
    const rows = await db
      .selectFrom('app_user')
      .select(['id', 'trigram', 'first_name', 'last_name'])
      .where('id', 'in', listed('user'))
      .execute();
    for (const row of rows)
      known.set(historyNameKey('user', row.id), `${row.trigram} (${row.first_name} ${row.last_name})`);
  }
  if (ids.company.size > 0) {
    const rows = await db.selectFrom('company').select(['id', 'name']).where('id', 'in', listed('company')).execute();
    for (const row of rows) known.set(historyNameKey('company', row.id), row.name);
  }
  if (ids.contact.size > 0) {
    const rows = await db
      .selectFrom('contact')
      .select(['id', 'first_name', 'last_name'])
      .where('id', 'in', listed('contact'))
      .execute();
    for (const row of rows) known.set(historyNameKey('contact', row.id), `${row.first_name} ${row.last_name}`);
  }
  if (ids.task.size > 0) {
    const rows = await db.selectFrom('task').select(['id', 'description']).where('id', 'in', listed('task')).execute();
    for (const row of rows) known.set(historyNameKey('task', row.id), row.description);
  }
  return (changes) => {
    const names: HistoryNames = {};
    for (const [kind, id] of referencesOf(changes)) {
      const key = historyNameKey(kind, id);
      const name = known.get(key);
      if (name !== undefined) names[key] = name;
    }
    return names;
  };
}
