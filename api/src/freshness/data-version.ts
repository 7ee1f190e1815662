import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/database';
import { prepared } from '../db/prepared';
import type { OwnerScope } from '../domain/actor';

// JSON text built by the database, with the data version of the snapshot it was built in.
export type VersionedJson = { json: string; version: string };

// A version is the sum of the weights of the data_change rows (migration 0005) that an answer depends on, as
// the reader's snapshot sees them: it grows with every committed write to that data, and no writer locks
// anything to make it grow. Read as a column of the query that builds the answer, it is the version of exactly
// that answer.

// The standby lists are made of contacts, their companies and the users who own them (and the task types, as
// they always were): no todo, no needs sheet (logged for the needs sheets list's totals, migration 0024).
const standbyRows = sql`tbl in ('app_user', 'company', 'contact', 'task')`;

// Whether the user `user` (an alias of app_user) owns todos a list of `scope` shows: the actor alone, the actor and
// those they lead, or everyone.
export function ownerInScope(scope: OwnerScope, actorId: number, user: string): RawBuilder<boolean> {
  const id = sql.ref(`${user}.id`);
  if (scope === 'all') return sql<boolean>`true`;
  if (scope === 'self') return sql<boolean>`${id} = ${actorId}`;
  return sql<boolean>`(${id} = ${actorId} or ${sql.ref(`${user}.leader_id`)} = ${actorId})`;
}

// A todo list depends on the todos of the owners in scope, and on the tasks, contacts, companies and users
// it shows. A todo row without owner stands for every owner (a truncate).
function todoListRows(scope: OwnerScope, actorId: number): RawBuilder<unknown> {
  if (scope === 'all') return sql`(${standbyRows} or tbl = 'todo')`;
  const owners =
    scope === 'self'
      ? sql`owner_id = ${actorId}`
      : sql`owner_id in (select u.id from app_user as u where ${ownerInScope(scope, actorId, 'u')})`;
  return sql`(${standbyRows} or (tbl = 'todo' and (owner_id is null or ${owners})))`;
}

const sumOf = (rows: RawBuilder<unknown>) =>
  sql<string>`(select coalesce(sum(weight), 0)::text from data_change where ${rows})`;

export const standbyVersion = () => sumOf(standbyRows);

export function todoListVersion(scope: OwnerScope, actorId: number): RawBuilder<string> {
  return sumOf(todoListRows(scope, actorId));
}

// `owner_versions(id, leader_id, version)`, a common table expression: each user with the version of a todo list of
// theirs alone (the list's version for the scope 'self'), for the lists composed of one piece per owner
// (owner-pieces.ts). The log is summed once per table and owner, not once per user.
export function ownerVersions(): RawBuilder<unknown> {
  return sql`
    changes as (select tbl, owner_id, sum(weight) as weight from data_change group by tbl, owner_id),
    owner_versions as (
      select u.id, u.leader_id,
        ((select coalesce(sum(weight), 0) from changes where ${standbyRows} or (tbl = 'todo' and owner_id is null))
          + coalesce((select sum(weight) from changes where tbl = 'todo' and owner_id = u.id), 0))::text as version
      from app_user as u
    )`;
}

// The version of a cached answer's data now, read by that answer alone (one short statement, prepared), before it
// looks for the answer in memory.
export function createVersionReader(db: Executor) {
  const read = async (name: string, version: RawBuilder<string>) =>
    (await prepared(name, sql<{ version: string }>`select ${version} as version`).execute(db)).rows[0].version;
  return {
    standby: () => read('version_standby', standbyVersion()),
    todoList: (scope: OwnerScope, actorId: number) =>
      read(`version_todos_${scope === 'selfAndTeam' ? 'team' : scope}`, todoListVersion(scope, actorId)),
  };
}

// Folds the rows seen now into one per table and owner, keeping every sum: one statement, so that the rows it
// deletes are exactly those it sums (a concurrent fold deletes none of them twice). Rows of transactions still
// under way are not visible to it and stay. Answers how many rows it folded.
export async function foldDataChanges(db: Executor, minRows: number): Promise<number> {
  const { rows } = await sql<{ folded: string }>`
    with seen as (select count(*) as rows from data_change),
    gone as (
      delete from data_change where (select rows from seen) >= ${minRows}
      returning tbl, owner_id, weight
    ),
    kept as (
      insert into data_change (tbl, owner_id, weight)
      select tbl, owner_id, sum(weight) from gone group by tbl, owner_id
    )
    select count(*) as folded from gone`.execute(db);
  return Number(rows[0].folded);
}

// The rows a fold deleted stay in the table's pages until a vacuum, and every version sum scans them:
// after the large dataset was seeded, each version read cost 10 ms until then. The log is vacuumed once the
// requests that were running during the fold have ended (their snapshots keep the deleted rows), whether or not
// autovacuum runs; skip_locked: another instance's vacuum of it is enough. `db` must not be a transaction.
export async function vacuumDataChanges(db: Executor): Promise<void> {
  await sql`vacuum (skip_locked) data_change`.execute(db);
}
