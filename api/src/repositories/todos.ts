import type { Todo } from '@bo/contracts/all';
import { sql } from 'kysely';
import type { Db, Executor, TodoRow } from '../db/database';
import { prepared } from '../db/prepared';
import type { OwnerScope } from '../domain/actor';
import { AppError } from '../errors';
import { ownerInScope, ownerVersions, todoListVersion, type VersionedJson } from '../freshness/data-version';
import { amongIds } from './mapping';
import { composePieces, createPieceStore, type Piece, type PieceItem } from '../freshness/owner-pieces';
import { diff, type HistoryRepository } from './history';
import { isoText, todoBaseJsonFrom, todoRows, toTodoDto, type TodoJoinedRow } from './todo-rows';

export { toTodoDto } from './todo-rows';

export type TodoFilters = { onlyPending: boolean; from?: string; to?: string };
export type TodoChanges = { deadline: string; notes: string; comment?: string };
export type FollowUp = { taskId: number; deadline: string; notes: string };

// The execution date as the row holds it (Date) or as a DTO row writes it (its ISO text).
type EditableFields = Pick<TodoRow, 'deadline' | 'notes' | 'comment' | 'is_accomplished' | 'replacement_id'> & {
  execution_date: Date | string | null;
};

const editable = (row: EditableFields): Record<string, unknown> => ({
  deadline: row.deadline,
  notes: row.notes,
  comment: row.comment,
  isAccomplished: row.is_accomplished,
  executionDate: row.execution_date,
  replacementId: row.replacement_id,
});

// A todo about to be edited as the contract shows it (its task, contact and owner), with what the permission check
// needs (its owner's leader), the time of the read (now()), which an accomplishment writes as its execution date, and
// its version. Locked until its transaction ends by lockedTodo; read alone by checkedTodo, for a write made only if
// the version is still the same.
export type CheckedTodo = TodoJoinedRow & { owner_leader_id: number | null; now: string };

const todoToCheck = (db: Executor, id: number) =>
  todoRows(db)
    .select(['u.leader_id as owner_leader_id', isoText(sql`now()`).as('now')])
    .where('t.id', '=', id);

function lockedTodo(trx: Executor, id: number): Promise<CheckedTodo | undefined> {
  return prepared('todo_locked', todoToCheck(trx, id).forUpdate('t')).executeTakeFirst();
}

function checkedTodo(db: Executor, id: number): Promise<CheckedTodo | undefined> {
  return prepared('todo_checked', todoToCheck(db, id)).executeTakeFirst();
}

export function createTodoRepository(db: Db, history: HistoryRepository) {
  async function withReplacements(rows: TodoJoinedRow[]): Promise<Todo[]> {
    const ids = rows.flatMap((row) => (row.replacement_id === null ? [] : [row.replacement_id]));
    const replacements = ids.length === 0 ? [] : await todoRows(db).where('t.id', 'in', ids).execute();
    const byId = new Map(replacements.map((row) => [row.id, row]));
    return rows.map((row) => toTodoDto(row, row.replacement_id === null ? undefined : byId.get(row.replacement_id)));
  }

  const pieceStore = createPieceStore();

  // The pieces of `owners` (owner-pieces.ts): their active todos in the list, each with the version of its owner
  // and of the owner of the follow-up it nests when that is someone else, read in one snapshot. Prepared once per
  // connection for each shape of the list.
  async function readPieces(owners: number[], filters: TodoFilters, shape: string): Promise<Map<number, Piece>> {
    const where = [sql`t.is_active`, sql`t.owner_id = o.id`];
    if (filters.onlyPending) where.push(sql`not t.is_accomplished`);
    if (filters.from !== undefined) where.push(sql`t.deadline >= ${filters.from}`);
    if (filters.to !== undefined) where.push(sql`t.deadline <= ${filters.to}`);
    const { rows } = await prepared(
      `todo_pieces${shape}`,
      sql<{
        owner: number;
        version: string;
        deadline: string | null;
        id: number | null;
        json: string | null;
        other_owner: number | null;
        other_version: string | null;
      }>`
      with ${ownerVersions()}
      select o.id as owner, o.version, x.deadline, x.id, x.json, x.other_owner, other.version as other_version
      from owner_versions as o
      left join lateral (
        select t.deadline::text as deadline, t.id, row_to_json(todo.*)::text as json, follow_up.owner_id as other_owner
        from ${todoBaseJsonFrom('t')}
        cross join lateral (
          select t_base.*, case when t.replacement_id is null then null else (
            select row_to_json(r_base.*) from ${todoBaseJsonFrom('r')} where r.id = t.replacement_id
          ) end as replacement
        ) as todo
        left join todo as follow_up on follow_up.id = t.replacement_id and follow_up.owner_id <> t.owner_id
        where ${sql.join(where, sql` and `)}
      ) as x on true
      left join owner_versions as other on other.id = x.other_owner
      where ${amongIds('o.id', owners)}
      order by o.id, x.deadline, x.id`,
    ).execute(db);
    const pieces = new Map<number, { versions: Map<number, string>; items: PieceItem[] }>();
    for (const row of rows) {
      let piece = pieces.get(row.owner);
      if (piece === undefined) {
        piece = { versions: new Map([[row.owner, row.version]]), items: [] };
        pieces.set(row.owner, piece);
      }
      if (row.id === null || row.deadline === null || row.json === null) continue;
      piece.items.push({ deadline: row.deadline, id: row.id, json: row.json });
      if (row.other_owner !== null && row.other_version !== null)
        piece.versions.set(row.other_owner, row.other_version);
    }
    return pieces;
  }

  return {
    // Active todos of the owners in scope, by deadline, as the JSON text of the contract's Todo[], with each
    // replacement (the follow-up of an accomplished todo) nested; with the data version it was read at.
    async listJson(scope: OwnerScope, actorId: number, filters: TodoFilters): Promise<VersionedJson> {
      // Every user's version and the list's, in one snapshot: the pieces kept at those versions are current.
      const { rows: users } = await prepared(
        `todo_versions_${scope === 'selfAndTeam' ? 'team' : scope}`,
        sql<{ id: number; version: string; in_scope: boolean; list_version: string }>`
        with ${ownerVersions()}
        select v.id, v.version, ${ownerInScope(scope, actorId, 'v')} as in_scope, ${todoListVersion(scope, actorId)} as list_version
        from owner_versions as v`,
      ).execute(db);
      const versions = new Map(users.map((user) => [user.id, user.version]));
      const owners = users.filter((user) => user.in_scope).map((user) => user.id);
      const shape = `${filters.onlyPending ? '_pending' : ''}${filters.from === undefined ? '' : '_from'}${filters.to === undefined ? '' : '_to'}`;
      const keyOf = (owner: number) => `${owner}${shape}:${filters.from ?? ''}:${filters.to ?? ''}`;
      const pieces = new Map(owners.map((owner) => [owner, pieceStore.current(keyOf(owner), versions)]));
      const stale = owners.filter((owner) => pieces.get(owner) === undefined);
      if (stale.length > 0) {
        for (const [owner, piece] of await readPieces(stale, filters, shape)) {
          pieces.set(owner, piece);
          pieceStore.keep(keyOf(owner), piece);
        }
      }
      // Every owner has a piece (users are deactivated, never deleted), empty when the list holds none of theirs.
      const json = composePieces(owners.flatMap((owner) => pieces.get(owner) ?? []));
      // The list's version as read first: a piece read since is as new or newer, never older.
      return { json, version: users[0]?.list_version ?? '0' };
    },

    // The same list mapped in Node (toTodoDto): the reference the JSON built by the database is tested against.
    async list(scope: OwnerScope, actorId: number, filters: TodoFilters): Promise<Todo[]> {
      let query = todoRows(db).where('t.is_active', '=', true);
      if (scope === 'self') query = query.where('t.owner_id', '=', actorId);
      if (scope === 'selfAndTeam') {
        query = query.where('t.owner_id', 'in', (eb) =>
          eb
            .selectFrom('app_user')
            .select('app_user.id')
            .where((w) => w.or([w('app_user.id', '=', actorId), w('app_user.leader_id', '=', actorId)])),
        );
      }
      if (filters.onlyPending) query = query.where('t.is_accomplished', '=', false);
      if (filters.from !== undefined) query = query.where('t.deadline', '>=', filters.from);
      if (filters.to !== undefined) query = query.where('t.deadline', '<=', filters.to);
      const rows = await query.orderBy('t.deadline').orderBy('t.id').execute();
      return withReplacements(rows);
    },

    // A contact's todos, whoever owns them: what is pending first (the next one due on top), then what was done,
    // last done first.
    async forContact(contactId: number): Promise<Todo[]> {
      const rows = await todoRows(db)
        .where('t.contact_id', '=', contactId)
        .where('t.is_active', '=', true)
        .orderBy('t.is_accomplished')
        .orderBy(sql`case when t.is_accomplished then null else t.deadline end`)
        .orderBy('t.execution_date', 'desc')
        .orderBy('t.id', 'desc')
        .limit(200)
        .execute();
      return withReplacements(rows);
    },

    async findDto(id: number): Promise<Todo | undefined> {
      const row = await prepared('todo_by_id', todoRows(db).where('t.id', '=', id)).executeTakeFirst();
      return row === undefined ? undefined : (await withReplacements([row]))[0];
    },

    // Edits a pending todo, accomplishing it (without follow-up) when asked, and gives it back as the contract shows
    // it. `check` gets the todo as read (or undefined), with its owner's leader, and throws to refuse; the write then
    // lands only on that very row (its version, which every change of the row moves, migration 0032), so the rules
    // and the write see the same todo. Two round trips and no transaction held open between them: the read, then one
    // statement that writes the todo and its history entry, and commits. When the row changed in between, it is read
    // and checked again. What the row becomes is known from it, so the write, its entry and the answer agree; an
    // accomplishment's execution date is the time of the read.
    async update(
      id: number,
      changes: TodoChanges,
      accomplish: boolean,
      actorId: number,
      check: (todo: CheckedTodo | undefined) => void,
    ): Promise<Todo> {
      for (;;) {
        const before = await checkedTodo(db, id);
        check(before);
        if (before === undefined) throw new AppError('notAllowed');
        const comment = changes.comment ?? before.comment;
        const after: TodoJoinedRow = {
          ...before,
          deadline: changes.deadline,
          notes: changes.notes,
          comment,
          ...(accomplish ? { is_accomplished: true, execution_date: before.now } : {}),
        };
        // Its last pending todo accomplished, the contact goes en veille: the database records it for this user, named
        // in the statement's own transaction.
        const written = await history.recordWith(
          db,
          accomplish ? 'todo_accomplish' : 'todo_update',
          sql<{
            id: number;
            version: number;
          }>`update todo set deadline = ${changes.deadline}, notes = ${changes.notes}, comment = ${comment}${accomplish ? sql`, is_accomplished = true, execution_date = ${before.now}` : sql``}
            ${accomplish ? sql`from ${history.actingFor(actorId)}` : sql``}
            where todo.id = ${id} and todo.version = ${before.version} and not todo.is_accomplished and todo.is_active
            returning todo.id, todo.version`,
          {
            entity: 'todo',
            action: accomplish ? 'accomplish' : 'update',
            changes: diff(editable(before), editable(after)),
            userId: actorId,
          },
        );
        // Pending until now, it has no follow-up (a todo gets one as it is accomplished).
        if (written.length > 0) return toTodoDto({ ...after, version: written[0].version }, undefined);
      }
    },

    // Accomplishes a todo and creates its follow-up in one transaction. Of two concurrent calls, the second
    // finds is_accomplished already true (its UPDATE matches no row) and gets notAllowed: one follow-up only.
    async accomplishWithFollowUp(
      id: number,
      changes: TodoChanges,
      followUp: FollowUp,
      actorId: number,
      check: (todo: CheckedTodo | undefined) => void,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await lockedTodo(trx, id);
        check(before);
        const accomplished = await trx
          .updateTable('todo')
          .set({
            deadline: changes.deadline,
            notes: changes.notes,
            ...(changes.comment === undefined ? {} : { comment: changes.comment }),
            is_accomplished: true,
            execution_date: sql<Date>`now()`,
          })
          .where('id', '=', id)
          .where('is_accomplished', '=', false)
          .where('is_active', '=', true)
          .returning(['contact_id', 'owner_id'])
          .executeTakeFirst();
        if (before === undefined || accomplished === undefined) throw new AppError('notAllowed');
        const created = await trx
          .insertInto('todo')
          .values({
            contact_id: accomplished.contact_id,
            owner_id: accomplished.owner_id,
            task_id: followUp.taskId,
            deadline: followUp.deadline,
            notes: followUp.notes,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = await trx
          .updateTable('todo')
          .set({ replacement_id: created.id })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await history.record(trx, {
          entity: 'todo',
          entityId: id,
          action: 'accomplish',
          changes: diff(editable(before), editable(after)),
          userId: actorId,
        });
        await history.record(trx, {
          entity: 'todo',
          entityId: created.id,
          action: 'create',
          changes: { ...diff({}, editable(created)), replaces: { from: null, to: id } },
          userId: actorId,
        });
      });
    },

    // A new todo owned by the caller; its contact leaves standby (the database keeps the contact's state from its
    // todos and records the change for this user; it refuses a contact merged away or in an inactive company).
    async createForContact(
      contactId: number,
      taskId: number,
      ownerId: number,
      deadline: string,
      notes: string,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await history.actFor(trx, ownerId);
        const created = await trx
          .insertInto('todo')
          .values({ contact_id: contactId, task_id: taskId, owner_id: ownerId, deadline, notes })
          .returningAll()
          .executeTakeFirstOrThrow();
        await history.record(trx, {
          entity: 'todo',
          entityId: created.id,
          action: 'create',
          changes: diff({}, { ...editable(created), contactId, taskId, ownerId }),
          userId: ownerId,
        });
        return created.id;
      });
    },
  };
}
export type TodoRepository = ReturnType<typeof createTodoRepository>;
