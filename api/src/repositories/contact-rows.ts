import type { Contact, ContactChanges, ContactListItem } from '@bo/contracts/all';
import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../db/database';
import { summaries, toContactSummary } from './contact-summaries';

// A contact record's row as a list and a panel read it (its owner, its next and last todo), and its mapping to the
// contract's shapes.

// The pending todo due first, and the todo accomplished last, of the contact `c`: each an index read of its own
// (migration 0014), joined sideways, with its task.
const nextTodoOrder = sql`t.deadline, t.id`;
const lastTodoOrder = sql`t.execution_date desc, t.id desc`;
// What the last todo's column sorts on (the next todo's deadline is kept on the contact, migration 0021).
export const lastExecution = sql`(select t.execution_date from todo t where t.contact_id = c.id and t.is_active and t.is_accomplished order by ${lastTodoOrder} limit 1)`;

export function records(db: Executor) {
  const briefTodo = (accomplished: boolean) =>
    db
      .selectFrom('todo as t')
      // The task inside: joined outside, PostgreSQL hashes the task table again for each contact of an export.
      .innerJoin('task as k', 'k.id', 't.task_id')
      .select([
        't.id',
        't.deadline',
        't.execution_date',
        'k.description',
        'k.background_color',
        'k.border_color',
        'k.color',
      ])
      .where(sql<SqlBool>`t.contact_id = c.id`)
      // Literals, not parameters: the partial indexes of migration 0014 serve them in a kept plan too.
      .where(
        accomplished
          ? sql<SqlBool>`t.is_active and t.is_accomplished`
          : sql<SqlBool>`t.is_active and not t.is_accomplished`,
      )
      .orderBy(accomplished ? lastTodoOrder : nextTodoOrder)
      .limit(sql.lit(1));
  return summaries(db)
    .innerJoin('app_user as u', 'u.id', 'c.owner_id')
    .leftJoinLateral(
      () => briefTodo(false).as('nt'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      () => briefTodo(true).as('lt'),
      (join) => join.onTrue(),
    )
    .select([
      'c.email',
      'c.phone',
      'c.version',
      'u.trigram as owner_trigram',
      'nt.id as next_id',
      'nt.deadline as next_deadline',
      'nt.description as next_task',
      'nt.background_color as next_background',
      'nt.border_color as next_border',
      'nt.color as next_color',
      'lt.id as last_id',
      'lt.deadline as last_deadline',
      'lt.execution_date as last_execution',
      'lt.description as last_task',
      'lt.background_color as last_background',
      'lt.border_color as last_border',
      'lt.color as last_color',
    ]);
}

export type RecordRow = Awaited<ReturnType<ReturnType<typeof records>['executeTakeFirstOrThrow']>>;

type Brief = {
  id: number | null;
  deadline: string | null;
  execution: Date | null;
  task: string | null;
  background: string | null;
  border: string | null;
  color: string | null;
};

function brief(todo: Brief) {
  if (todo.id === null || todo.deadline === null || todo.task === null) return null;
  return {
    id: todo.id,
    deadline: todo.deadline,
    executionDate: todo.execution === null ? null : todo.execution.toISOString(),
    task: {
      description: todo.task,
      style: { backgroundColor: todo.background ?? '', borderColor: todo.border ?? '', color: todo.color ?? '' },
    },
  };
}

// The one place a contact record row becomes the contract's list item, and with its creation, its Contact. A list
// item is built directly: an export builds 100 000 of them. The summary is completed in place: spread into a new
// object, it made each item cost ten times as much (V8 copies it property by property into a slow-mode object).
export const toListItem = (row: RecordRow): ContactListItem =>
  Object.assign(toContactSummary(row), {
    email: row.email,
    phone: row.phone,
    owner: { id: row.owner_id, trigram: row.owner_trigram },
    version: row.version,
    nextTodo: brief({
      id: row.next_id,
      deadline: row.next_deadline,
      execution: null,
      task: row.next_task,
      background: row.next_background,
      border: row.next_border,
      color: row.next_color,
    }),
    lastTodo: brief({
      id: row.last_id,
      deadline: row.last_deadline,
      execution: row.last_execution,
      task: row.last_task,
      background: row.last_background,
      border: row.last_border,
      color: row.last_color,
    }),
  });

export const toContact = (row: RecordRow & { created_at: Date; merged_into_id: number | null }): Contact => ({
  ...toListItem(row),
  createdAt: row.created_at.toISOString(),
  mergedIntoId: row.merged_into_id,
});

// The fields a contact's history entry compares, in the contract's names; the contract's changes as columns.
export const tracked = (row: {
  title: string;
  first_name: string;
  last_name: string;
  job_title: string | null;
  email: string | null;
  phone: string | null;
  company_id: number | null;
  owner_id: number;
}) => ({
  title: row.title,
  firstName: row.first_name,
  lastName: row.last_name,
  jobTitle: row.job_title,
  email: row.email,
  phone: row.phone,
  companyId: row.company_id,
  ownerId: row.owner_id,
});

export const toColumns = (changes: Omit<ContactChanges, 'isActive'>) => ({
  title: changes.title,
  first_name: changes.firstName,
  last_name: changes.lastName,
  job_title: changes.jobTitle,
  email: changes.email,
  phone: changes.phone,
  company_id: changes.companyId,
  owner_id: changes.ownerId,
});
