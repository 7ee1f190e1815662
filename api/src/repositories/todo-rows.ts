import type { Todo } from '@bo/contracts/all';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/database';
import { contactSummaryJsonLateral, toContactSummary } from './contact-summaries';
import { toTaskDto } from './task-types';

// A todo's row with its task, contact and owner, as Node maps it to the contract's Todo (toTodoDto) and as the
// database writes it as JSON (todoBaseJsonFrom).

type TodoBase = Omit<Todo, 'replacement'>;

// Timestamps formatted by the database exactly as Date#toISOString would: parsing thousands of them into Date
// objects only to print them again was a third of the time of a month's calendar.
export const isoText = (timestamp: RawBuilder<unknown>) =>
  sql<string>`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoTimestamp = (column: 't.created_at' | 't.execution_date') => isoText(sql`${sql.ref(column)}`);

export function todoRows(db: Executor) {
  return db
    .selectFrom('todo as t')
    .innerJoin('task as k', 'k.id', 't.task_id')
    .innerJoin('contact as c', 'c.id', 't.contact_id')
    .leftJoin('company as co', 'co.id', 'c.company_id')
    .innerJoin('app_user as u', 'u.id', 't.owner_id')
    .select([
      't.id',
      't.deadline',
      isoTimestamp('t.execution_date').as('execution_date'),
      't.notes',
      't.comment',
      't.is_accomplished',
      't.is_active',
      isoTimestamp('t.created_at').as('created_at'),
      't.replacement_id',
      't.version',
      'k.id as task_id',
      'k.description as task_description',
      'k.background_color as task_background_color',
      'k.border_color as task_border_color',
      'k.color as task_color',
      'k.is_active as task_is_active',
      'c.id as contact_id',
      'c.title as contact_title',
      'c.first_name as contact_first_name',
      'c.last_name as contact_last_name',
      'c.job_title as contact_job_title',
      'c.owner_id as contact_owner_id',
      'c.is_active as contact_is_active',
      'co.id as company_id',
      'co.name as company_name',
      'u.id as owner_id',
      'u.trigram as owner_trigram',
    ]);
}
export type TodoJoinedRow = Awaited<ReturnType<ReturnType<typeof todoRows>['execute']>>[number];

// The one place a todo row (with its task, contact and owner) becomes the contract's Todo.
function toTodoBase(row: TodoJoinedRow): TodoBase {
  return {
    id: row.id,
    deadline: row.deadline,
    executionDate: row.execution_date,
    notes: row.notes,
    comment: row.comment,
    isAccomplished: row.is_accomplished,
    isActive: row.is_active,
    created_at: row.created_at,
    task: toTaskDto({
      id: row.task_id,
      description: row.task_description,
      background_color: row.task_background_color,
      border_color: row.task_border_color,
      color: row.task_color,
      is_active: row.task_is_active,
    }),
    contact: toContactSummary({
      id: row.contact_id,
      title: row.contact_title,
      first_name: row.contact_first_name,
      last_name: row.contact_last_name,
      job_title: row.contact_job_title,
      owner_id: row.contact_owner_id,
      is_active: row.contact_is_active,
      company_id: row.company_id,
      company_name: row.company_name,
    }),
    owner: { id: row.owner_id, trigram: row.owner_trigram },
    replacementId: row.replacement_id,
    version: row.version,
  };
}

// Completed in place, as the contacts' list items (contact-rows.ts): a spread into a new object costs ten times as much.
export function toTodoDto(row: TodoJoinedRow, replacement: TodoJoinedRow | undefined): Todo {
  return Object.assign(toTodoBase(row), { replacement: replacement === undefined ? null : toTodoBase(replacement) });
}

// `from todo as <t> ... cross join lateral (...) as <t>_base`: the contract's Todo without `replacement`, for
// row_to_json(<t>_base) to write it as JSON text in the database, with the keys, order and values of toTodoBase
// (deadline as yyyy-MM-dd, timestamps as toISOString writes them), byte for byte what JSON.stringify would give.
export function todoBaseJsonFrom(t: string) {
  const ref = (column: string) => sql.ref(`${t}.${column}`);
  const alias = (suffix: string) => sql.id(`${t}_${suffix}`);
  const k = (column: string) => sql.ref(`${t}_k.${column}`);
  const iso = (column: string) => sql`to_char(${ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return sql`todo as ${sql.id(t)}
    join task as ${alias('k')} on ${k('id')} = ${ref('task_id')}
    join contact as ${alias('c')} on ${sql.ref(`${t}_c.id`)} = ${ref('contact_id')}
    join app_user as ${alias('u')} on ${sql.ref(`${t}_u.id`)} = ${ref('owner_id')}
    cross join lateral (
      select ${k('background_color')} as "backgroundColor", ${k('border_color')} as "borderColor", ${k('color')} as color
    ) as ${alias('style')}
    cross join lateral (
      select ${k('id')} as id, ${k('description')} as description, row_to_json(${alias('style')}.*) as style, ${k('is_active')} as "isActive"
    ) as ${alias('task')}
    ${contactSummaryJsonLateral(`${t}_c`, `${t}_contact`)}
    cross join lateral (select ${sql.ref(`${t}_u.id`)} as id, ${sql.ref(`${t}_u.trigram`)} as trigram) as ${alias('owner')}
    cross join lateral (
      select ${ref('id')} as id, ${ref('deadline')} as deadline, ${iso('execution_date')} as "executionDate", ${ref('notes')} as notes,
        ${ref('comment')} as comment, ${ref('is_accomplished')} as "isAccomplished", ${ref('is_active')} as "isActive",
        ${iso('created_at')} as created_at, row_to_json(${alias('task')}.*) as task, row_to_json(${alias('contact')}.*) as contact,
        row_to_json(${alias('owner')}.*) as owner, ${ref('replacement_id')} as "replacementId", ${ref('version')} as version
    ) as ${alias('base')}`;
}
