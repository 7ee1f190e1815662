import type {
  DirectoryCompany,
  DirectoryContact,
  DirectoryCsvRow,
  DirectoryGroup,
  HistoryReportFilters,
  HistoryReportItem,
  ListPage,
  PersonTitle,
  ReportSubject,
  StatsRow,
  TaskReportFigure,
  TaskReportGrouping,
  TaskReportRow,
  TaskReportTodo,
} from '@bo/contracts/all';
import { sql, type RawBuilder } from 'kysely';
import type { Db, Executor } from '../db/database';
import { eachBatch, EXPORT_BATCH } from './cursor';
import { searchPattern } from './companies';
import { groupCompanyIds } from './history';
import { nameHistoryReferences, type HistoryNames } from './history-names';
import { fold, foldedContains } from './mapping';

// Case and accents folded as the search keys of migration 0010 fold them.
const joined = (parts: RawBuilder<unknown>[], separator: string) => sql.join(parts, sql.raw(separator));

// A calendar day's first instant in Paris, and the Paris day an instant falls on: the business time of the firm.
const parisDay = (instant: RawBuilder<unknown>) => sql`(${instant} at time zone 'Europe/Paris')::date`;
const parisMidnight = (day: RawBuilder<unknown>) => sql`(${day}::date::timestamp at time zone 'Europe/Paris')`;
const iso = (instant: RawBuilder<unknown>) => sql<string>`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// Whose todos and contacts a report shows: an admin everyone's, a leader their own and their team's.
export type ReportScope = { kind: 'all' } | { kind: 'team'; leaderId: number };
const inScope = (scope: ReportScope, userColumn: RawBuilder<unknown>) =>
  scope.kind === 'all' ? sql`true` : sql`${userColumn} in (select id from app_user where id = ${scope.leaderId} or leader_id = ${scope.leaderId})`;

// --- History report ---

type StatusBrief = { id: number; label: string; color: string };
type HistoryRow = {
  kind: 'todo' | 'change' | 'needsSheet';
  id: number | string;
  at: string;
  company_id: number | null;
  company_name: string | null;
  contact_id: number | null;
  contact_name: string | null;
  user_id: number | null;
  trigram: string | null;
  task_id: number | null;
  description: string | null;
  background_color: string | null;
  border_color: string | null;
  color: string | null;
  deadline: string | null;
  execution_date: string | null;
  is_accomplished: boolean | null;
  notes: string | null;
  comment: string | null;
  entity: 'company' | 'contact' | null;
  action: string | null;
  changes: NonNullable<HistoryReportItem['change']>['changes'] | null;
  sheet_id: number | null;
  reference: string | null;
  title: string | null;
  status: StatusBrief | string | null;
  previous_status: StatusBrief | string | null;
  total?: number | string;
};

// A JSON object of the database: parsed by PostgreSQL's driver, text from PGlite's for a json value.
const jsonOf = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const toHistoryItem = (row: HistoryRow, names: HistoryNames): HistoryReportItem => ({
  at: row.at,
  kind: row.kind,
  // History ids are bigint: text on PostgreSQL.
  id: Number(row.id),
  companyId: row.company_id,
  companyName: row.company_name,
  contactId: row.contact_id,
  contactName: row.contact_name,
  userId: row.user_id,
  trigram: row.trigram,
  todo:
    row.kind === 'todo'
      ? {
          task: {
            id: row.task_id ?? 0,
            description: row.description ?? '',
            style: { backgroundColor: row.background_color ?? '', borderColor: row.border_color ?? '', color: row.color ?? '' },
          },
          deadline: row.deadline ?? '',
          executionDate: row.execution_date,
          isAccomplished: row.is_accomplished ?? false,
          notes: row.notes ?? '',
          comment: row.comment,
        }
      : null,
  change: row.kind === 'change' && row.entity !== null ? { entity: row.entity, action: row.action ?? '', changes: row.changes ?? {}, names } : null,
  needsSheet:
    row.kind === 'needsSheet'
      ? {
          id: row.sheet_id ?? 0,
          reference: row.reference ?? '',
          title: row.title ?? '',
          action: row.action === 'create' ? 'create' : 'status',
          status: jsonOf(row.status),
          previousStatus: jsonOf(row.previous_status),
          comment: textOf(row.changes?.comment?.to),
        }
      : null,
});

// A batch of rows as report items, the records their changes name named for a reader.
async function toHistoryItems(db: Executor, rows: HistoryRow[]): Promise<HistoryReportItem[]> {
  const changesOf = (row: HistoryRow) => (row.kind === 'change' ? (row.changes ?? {}) : {});
  const namesOf = await nameHistoryReferences(db, rows.map(changesOf));
  return rows.map((row) => toHistoryItem(row, namesOf(changesOf(row))));
}

// The entries of a subject's story, unordered: its todos, the changes to its contacts (and companies), and the
// creation and status changes of its needs sheets (a contact's: those written for it; a company's: its own).
function historyEntries(filters: HistoryReportFilters): RawBuilder<unknown> {
  const { contactId, companyId, subsidiaries, from, to, taskId, userId } = filters;
  const companies =
    companyId === undefined
      ? sql`select null::integer as id where false`
      : subsidiaries
        ? groupCompanyIds(companyId, 'companies')
        : sql`select ${companyId}::integer as id`;
  const contacts = contactId === undefined ? sql`select k.id from contact k where k.company_id in (select id from companies)` : sql`select ${contactId}::integer as id`;

  const todoWhere = [sql`t.is_active`, sql`t.contact_id in (select id from contacts)`];
  if (from !== undefined) todoWhere.push(sql`t.deadline >= ${from}::date`);
  if (to !== undefined) todoWhere.push(sql`t.deadline <= ${to}::date`);
  if (taskId !== undefined) todoWhere.push(sql`t.task_id = ${taskId}`);
  if (userId !== undefined) todoWhere.push(sql`t.owner_id = ${userId}`);

  // A change is on a day; a task type filter keeps the todos only.
  const changeWhere: RawBuilder<unknown>[] = [];
  if (from !== undefined) changeWhere.push(sql`h.created_at >= ${parisMidnight(sql`${from}`)}`);
  if (to !== undefined) changeWhere.push(sql`h.created_at < ${parisMidnight(sql`(${to}::date + 1)`)}`);
  if (taskId !== undefined) changeWhere.push(sql`false`);
  if (userId !== undefined) changeWhere.push(sql`h.user_id = ${userId}`);
  const changeFilter = changeWhere.length === 0 ? sql`` : sql` and ${joined(changeWhere, ' and ')}`;
  const sheets = contactId === undefined ? sql`s.company_id in (select id from companies)` : sql`s.contact_id = ${contactId}`;

  return sql`
    with recursive companies(id) as (${companies}), contacts(id) as (${contacts})
    select 'todo' as kind, t.id, case when t.is_accomplished then coalesce(t.execution_date, ${parisMidnight(sql`t.deadline`)}) else ${parisMidnight(sql`t.deadline`)} end as at,
      t.contact_id, null::integer as company_id, t.owner_id as user_id, t.id as todo_id, null::integer as sheet_id, null::text as entity,
      null::text as action, null::jsonb as changes
    from todo t
    where ${joined(todoWhere, ' and ')}
    union all
    select 'change', h.id, h.created_at, h.entity_id, null, h.user_id, null, null, 'contact', h.action, h.changes
    from history h
    where h.entity = 'contact' and h.entity_id in (select id from contacts)${changeFilter}
    union all
    select 'change', h.id, h.created_at, null, h.entity_id, h.user_id, null, null, 'company', h.action, h.changes
    from history h
    where h.entity = 'company' and h.entity_id in (select id from companies)${changeFilter}
    union all
    select 'needsSheet', h.id, h.created_at, s.contact_id, s.company_id, h.user_id, null, s.id, null, h.action, h.changes
    from history h join needs_sheet s on s.id = h.entity_id
    where h.entity = 'needsSheet' and h.action in ('create', 'status') and ${sheets}${changeFilter}`;
}

// A status of a needs sheet as the report shows it, from its id: its name and colour today.
const statusBrief = (alias: string) => {
  const st = sql.raw(alias);
  return sql`case when ${st}.id is null then null else json_build_object('id', ${st}.id, 'label', ${st}.label, 'color', ${st}.color) end`;
};

// The entries with what a reader needs, newest first (the pending todos of the future come first).
function historyRows(filters: HistoryReportFilters, tail: RawBuilder<unknown>, withTotal: boolean) {
  return sql<HistoryRow>`
    with entries as (${historyEntries(filters)})
    select e.kind, e.id, ${iso(sql`e.at`)} as at, co.id as company_id, co.name as company_name, k.id as contact_id,
      case when k.id is null then null else k.first_name || ' ' || k.last_name end as contact_name,
      e.user_id, u.trigram, t.task_id, tk.description, tk.background_color, tk.border_color, tk.color,
      to_char(t.deadline, 'YYYY-MM-DD') as deadline, case when t.execution_date is null then null else ${iso(sql`t.execution_date`)} end as execution_date,
      t.is_accomplished, t.notes, t.comment, e.entity, e.action, e.changes,
      e.sheet_id, s.reference, s.title, ${statusBrief('st')} as status,
      -- The status the sheet was in before: the one it entered last before this change.
      (select ${statusBrief('pst')} from needs_sheet_status_change p join needs_sheet_status pst on pst.id = p.status_id
       where p.needs_sheet_id = sc.needs_sheet_id and (p.changed_at, p.id) < (sc.changed_at, sc.id)
       order by p.changed_at desc, p.id desc limit 1) as previous_status
      ${withTotal ? sql`, count(*) over () as total` : sql``}
    from entries e
    left join contact k on k.id = e.contact_id
    left join company co on co.id = coalesce(e.company_id, k.company_id)
    left join app_user u on u.id = e.user_id
    left join todo t on t.id = e.todo_id
    left join task tk on tk.id = t.task_id
    left join needs_sheet s on s.id = e.sheet_id
    left join needs_sheet_status_change sc on e.kind = 'needsSheet' and sc.history_id = e.id
    left join needs_sheet_status st on st.id = sc.status_id
    order by e.at desc, e.kind desc, e.id desc
    ${tail}`;
}

// --- Directory ---

type DirectoryRow = {
  group_id: number;
  group_name: string;
  id: number;
  name: string;
  city: string | null;
  parent_id: number | null;
  parent_name: string | null;
  depth: number;
  contact_id: number | null;
  title: PersonTitle | null;
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  phone: string | null;
  email: string | null;
};

// A contact found by its name: the trigram index of its search key (names, e-mail, phone) finds the candidates,
// its folded names decide (a search for a company's name does not bring every contact of its e-mail domain).
const contactNameMatch = (pattern: RawBuilder<string>) =>
  sql`k.search_key like ${pattern} and ${fold(sql`k.first_name || ' ' || k.last_name`)} like ${pattern}`;

// The common table expressions of the directory: `roots`, the heads of the groups shown; with a search, also
// `matched` (the companies found by name, SIRET or city, or by an active contact's name) and `up` (those and
// every company above them, so that each shows in its tree). Both indexes (company and contact search keys) serve.
function directoryScope(pattern: RawBuilder<string> | null): RawBuilder<unknown> {
  if (pattern === null) return sql`roots(id) as (select c.id from company c where c.parent_id is null and c.is_active)`;
  return sql`
    matched(id, by_company) as (
      select id, bool_or(by_company) from (
        select c.id, true as by_company from company c where c.is_active and c.search_key like ${pattern}
        union all
        select k.company_id, false from contact k where k.is_active and k.company_id is not null and ${contactNameMatch(pattern)}
      ) found group by id
    ),
    up(id) as (select id from matched union select c.parent_id from company c join up on c.id = up.id where c.parent_id is not null),
    roots(id) as (select c.id from company c join up on up.id = c.id where c.parent_id is null and c.is_active)`;
}

// The directory's lines for the groups of a page (all of them without paging): each company of a group from its
// head down (subsidiaries after their parent, by name), with its active contacts as the search keeps them.
function directoryLines(search: string | undefined, paging: { limit: number; offset: number } | null) {
  const pattern = search === undefined ? null : fold(sql`${searchPattern(search)}`);
  const page = paging === null ? sql`` : sql`limit ${paging.limit} offset ${paging.offset}`;
  return sql<DirectoryRow>`
    with recursive ${directoryScope(pattern)},
    page(id) as (select r.id from roots r join company c on c.id = r.id order by c.name_key collate "C", c.id ${page}),
    tree(id, group_id, parent_id, depth, path) as (
      select c.id, c.id, null::integer, 0, array[c.name_key || ' ' || c.id::text] from company c where c.id in (select id from page)
      union all
      select c.id, t.group_id, c.parent_id, t.depth + 1, t.path || (c.name_key || ' ' || c.id::text)
      from company c join tree t on c.parent_id = t.id
      where c.is_active ${pattern === null ? sql`` : sql`and c.id in (select id from up)`}
    )
    select g.id as group_id, g.name as group_name, c.id, c.name, c.city, t.parent_id, p.name as parent_name, t.depth,
      k.id as contact_id, k.title, k.first_name, k.last_name, k.job_title, k.phone, k.email
    from tree t
    join company g on g.id = t.group_id
    join company c on c.id = t.id
    left join company p on p.id = t.parent_id
    ${pattern === null ? sql`` : sql`left join matched m on m.id = t.id`}
    left join contact k on k.company_id = c.id and k.is_active
      ${pattern === null ? sql`` : sql`and m.id is not null and (m.by_company or ${contactNameMatch(pattern)})`}
    order by g.name_key collate "C", g.id, t.path collate "C", k.last_name, k.first_name, k.id`;
}

export function createReportRepository(db: Db) {
  return {
    // The autocomplete of the history report: companies first (groups before subsidiaries), then contacts.
    async subjects(text: string): Promise<ReportSubject[]> {
      const pattern = fold(sql`${foldedContains(text)}`);
      const { rows } = await sql<ReportSubject & { position: number }>`
        (select 'company' as kind, c.id, c.name as label, p.name as detail, c.subsidiary_count > 0 as "hasSubsidiaries", 0 as position, c.name_key collate "C" as key
         from company c left join company p on p.id = c.parent_id
         where c.search_key like ${pattern}
         order by c.name_key collate "C" limit 20)
        union all
        (select 'contact', k.id, k.first_name || ' ' || k.last_name, co.name, false, 1, k.name_key collate "C"
         from contact k left join company co on co.id = k.company_id
         where ${contactNameMatch(pattern)} and k.merged_into_id is null
         order by k.name_key collate "C" limit 30)
        order by position, key`.execute(db);
      return rows.map(({ kind, id, label, detail, hasSubsidiaries }) => ({ kind, id, label, detail, hasSubsidiaries }));
    },

    async subjectExists(filters: Pick<HistoryReportFilters, 'contactId' | 'companyId'>): Promise<boolean> {
      if (filters.contactId !== undefined) {
        return (await db.selectFrom('contact').select('id').where('id', '=', filters.contactId).executeTakeFirst()) !== undefined;
      }
      if (filters.companyId !== undefined) {
        return (await db.selectFrom('company').select('id').where('id', '=', filters.companyId).executeTakeFirst()) !== undefined;
      }
      return false;
    },

    async history(filters: HistoryReportFilters, page: number, perPage: number): Promise<ListPage<HistoryReportItem>> {
      const { rows } = await historyRows(filters, sql`limit ${perPage} offset ${(page - 1) * perPage}`, true).execute(db);
      if (rows.length === 0 && page > 1) {
        const { rows: counted } = await sql<{ total: string }>`with entries as (${historyEntries(filters)}) select count(*) as total from entries`.execute(db);
        return { items: [], total: Number(counted[0].total) };
      }
      return { items: await toHistoryItems(db, rows), total: rows.length === 0 ? 0 : Number(rows[0].total) };
    },

    async eachHistoryBatch(filters: HistoryReportFilters, onBatch: (items: HistoryReportItem[]) => Promise<void>) {
      const query = historyRows(filters, sql``, false);
      await eachBatch(db, { compile: () => query.compile(db) }, EXPORT_BATCH, async (rows, trx) => onBatch(await toHistoryItems(trx, rows)));
    },

    // One page of groups, by the head's name; each with the companies and the contacts the search keeps.
    async directory(search: string | undefined, page: number, perPage: number): Promise<ListPage<DirectoryGroup>> {
      const pattern = search === undefined ? null : fold(sql`${searchPattern(search)}`);
      const { rows: counted } = await sql<{ total: string }>`with recursive ${directoryScope(pattern)} select count(*) as total from roots`.execute(db);
      const total = Number(counted[0].total);
      if (total === 0) return { items: [], total };
      const { rows } = await directoryLines(search, { limit: perPage, offset: (page - 1) * perPage }).execute(db);
      const groups: DirectoryGroup[] = [];
      const companies = new Map<number, DirectoryCompany>();
      for (const row of rows) {
        let group = groups.at(-1);
        if (group?.id !== row.group_id) {
          group = { id: row.group_id, name: row.group_name, companies: [] };
          groups.push(group);
        }
        let company = companies.get(row.id);
        if (company === undefined) {
          company = { id: row.id, name: row.name, city: row.city, parentId: row.parent_id, depth: row.depth, contacts: [] };
          companies.set(row.id, company);
          group.companies.push(company);
        }
        if (row.contact_id !== null) company.contacts.push(toDirectoryContact(row));
      }
      return { items: groups, total };
    },

    async eachDirectoryBatch(search: string | undefined, onBatch: (rows: DirectoryCsvRow[]) => Promise<void>) {
      const query = directoryLines(search, null);
      await eachBatch(db, { compile: () => query.compile(db) }, EXPORT_BATCH, (rows) =>
        onBatch(
          rows.map((row) => ({
            group: row.group_name,
            company: row.name,
            parent: row.parent_name,
            city: row.city,
            contact: row.contact_id === null ? null : toDirectoryContact(row),
          })),
        ),
      );
    },

    // The task report: the todos whose deadline falls in the period, counted per user or per task type.
    async tasks(scope: ReportScope, from: string, to: string, groupBy: TaskReportGrouping, today: string): Promise<TaskReportRow[]> {
      const key = groupBy === 'user' ? sql`u.id, u.trigram` : sql`tk.id, tk.description`;
      const { rows } = await sql<{ id: number; label: string; planned: string; done: string; done_late: string; late: string }>`
        select ${groupBy === 'user' ? sql`u.id` : sql`tk.id`} as id, ${groupBy === 'user' ? sql`u.trigram` : sql`tk.description`} as label,
          count(*) as planned,
          count(*) filter (where t.is_accomplished) as done,
          count(*) filter (where t.is_accomplished and ${parisDay(sql`t.execution_date`)} > t.deadline) as done_late,
          count(*) filter (where not t.is_accomplished and t.deadline < ${today}::date) as late
        from todo t join app_user u on u.id = t.owner_id join task tk on tk.id = t.task_id
        where t.is_active and t.deadline between ${from}::date and ${to}::date and ${inScope(scope, sql`t.owner_id`)}
        group by ${key}
        order by ${groupBy === 'user' ? sql`u.trigram` : sql`tk.description`}`.execute(db);
      return rows.map((row) => {
        const done = Number(row.done);
        const doneLate = Number(row.done_late);
        return {
          userId: groupBy === 'user' ? row.id : null,
          trigram: groupBy === 'user' ? row.label : null,
          taskId: groupBy === 'task' ? row.id : null,
          description: groupBy === 'task' ? row.label : null,
          planned: Number(row.planned),
          done,
          doneLate,
          late: Number(row.late),
          onTimeRate: done === 0 ? null : (done - doneLate) / done,
        };
      });
    },

    async taskTodos(
      scope: ReportScope,
      query: { from: string; to: string; figure: TaskReportFigure; userId?: number; taskId?: number; page: number; perPage: number },
      today: string,
    ): Promise<ListPage<TaskReportTodo>> {
      const where = [sql`t.is_active`, sql`t.deadline between ${query.from}::date and ${query.to}::date`, inScope(scope, sql`t.owner_id`)];
      if (query.figure === 'done') where.push(sql`t.is_accomplished`);
      if (query.figure === 'doneLate') where.push(sql`t.is_accomplished and ${parisDay(sql`t.execution_date`)} > t.deadline`);
      if (query.figure === 'late') where.push(sql`not t.is_accomplished and t.deadline < ${today}::date`);
      if (query.userId !== undefined) where.push(sql`t.owner_id = ${query.userId}`);
      if (query.taskId !== undefined) where.push(sql`t.task_id = ${query.taskId}`);
      const { rows } = await sql<{
        id: number;
        deadline: string;
        execution_date: string | null;
        is_accomplished: boolean;
        task_id: number;
        description: string;
        owner_id: number;
        trigram: string;
        contact_id: number;
        first_name: string;
        last_name: string;
        company_name: string | null;
        total: string;
      }>`
        select t.id, to_char(t.deadline, 'YYYY-MM-DD') as deadline, case when t.execution_date is null then null else ${iso(sql`t.execution_date`)} end as execution_date,
          t.is_accomplished, tk.id as task_id, tk.description, u.id as owner_id, u.trigram, k.id as contact_id, k.first_name, k.last_name,
          co.name as company_name, count(*) over () as total
        from todo t join task tk on tk.id = t.task_id join app_user u on u.id = t.owner_id join contact k on k.id = t.contact_id
        left join company co on co.id = k.company_id
        where ${joined(where, ' and ')}
        order by t.deadline, t.id
        limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`.execute(db);
      return {
        items: rows.map((row) => ({
          id: row.id,
          deadline: row.deadline,
          executionDate: row.execution_date,
          isAccomplished: row.is_accomplished,
          task: { id: row.task_id, description: row.description },
          owner: { id: row.owner_id, trigram: row.trigram },
          contact: { id: row.contact_id, firstName: row.first_name, lastName: row.last_name },
          companyName: row.company_name,
        })),
        total: rows.length === 0 ? 0 : Number(rows[0].total),
      };
    },

    // Per month of the period (up to the current one) and per user of the scope: the active users, and the others
    // that have a figure. Each figure is one pass over its table, grouped by the Paris month; the contacts en veille
    // at a month's end (or now, for the current month) are read from each contact's spans of state, which the
    // isActive changes of the history bound. The needs sheets count for their owner: opened in the month of their
    // received date; filled or lost in the month they entered a closing status that fills them or not (once per
    // sheet and month, at the first such change), the days to fill running from the received date to that change.
    async stats(scope: ReportScope, from: string, to: string): Promise<StatsRow[]> {
      const month = (instant: RawBuilder<unknown>) => sql`to_char(${instant} at time zone 'Europe/Paris', 'YYYY-MM')`;
      const { rows } = await sql<{
        month: string;
        user_id: number;
        trigram: string;
        new_contacts: string;
        activated: string;
        standby: string;
        done: string;
        opened: string;
        filled: string;
        lost: string;
        median_days: number | string | null;
      }>`
        with months as (
          select to_char(m, 'YYYY-MM') as month,
            ${parisMidnight(sql`greatest(m::date, ${from}::date)`)} as starts,
            least(${parisMidnight(sql`(least((m + interval '1 month')::date - 1, ${to}::date) + 1)`)}, now()) as ends
          from generate_series(date_trunc('month', ${from}::date), ${to}::date, interval '1 month') as m
          where m <= now()
        ),
        span as (select min(starts) as starts, max(ends) as ends from months),
        users as (select u.id, u.trigram, u.is_active from app_user u where ${inScope(scope, sql`u.id`)}),
        created as (
          select ${month(sql`k.created_at`)} as month, k.owner_id, count(*) as n
          from contact k, span where k.owner_id in (select id from users) and k.created_at >= span.starts and k.created_at < span.ends
          group by 1, 2
        ),
        activated as (
          select ${month(sql`h.created_at`)} as month, h.user_id, count(*) as n
          from history h, span where h.entity = 'contact' and h.action = 'activate' and h.user_id in (select id from users)
            and h.created_at >= span.starts and h.created_at < span.ends
          group by 1, 2
        ),
        done as (
          select ${month(sql`t.execution_date`)} as month, t.owner_id, count(*) as n
          from todo t, span where t.owner_id in (select id from users) and t.is_active and t.is_accomplished
            and t.execution_date >= span.starts and t.execution_date < span.ends
          group by 1, 2
        ),
        -- A contact's state from one isActive change to the next is the first one's "to"; before its first change,
        -- that change's "from"; without any change, its state today. Hash joins over the changes, no lookup per contact.
        changes as (
          select h.entity_id as contact_id, h.created_at as at,
            (h.changes->'isActive'->>'from')::boolean as was, (h.changes->'isActive'->>'to')::boolean as became,
            row_number() over (partition by h.entity_id order by h.created_at, h.id) as rank,
            lead(h.created_at) over (partition by h.entity_id order by h.created_at, h.id) as next
          from history h where h.entity = 'contact' and h.changes ? 'isActive'
        ),
        owned as (select k.id, k.owner_id, k.created_at, k.is_active from contact k where k.owner_id in (select id from users)),
        spans as (
          select k.owner_id, k.created_at, '-infinity'::timestamptz as starts, 'infinity'::timestamptz as ends, k.is_active as active
          from owned k where not exists (select 1 from changes c where c.contact_id = k.id)
          union all
          select k.owner_id, k.created_at, '-infinity'::timestamptz, c.at, coalesce(c.was, k.is_active)
          from changes c join owned k on k.id = c.contact_id where c.rank = 1
          union all
          select k.owner_id, k.created_at, c.at, coalesce(c.next, 'infinity'::timestamptz), c.became
          from changes c join owned k on k.id = c.contact_id
        ),
        standby as (
          select mo.month, s.owner_id, count(*) as n
          from months mo join spans s on s.starts < mo.ends and mo.ends <= s.ends
          where s.created_at < mo.ends and not s.active
          group by 1, 2
        ),
        opened as (
          select to_char(s.received_date, 'YYYY-MM') as month, s.owner_id, count(*) as n
          from needs_sheet s where s.owner_id in (select id from users) and s.received_date between ${from}::date and ${to}::date
          group by 1, 2
        ),
        closings as (
          select ${month(sql`sc.changed_at`)} as month, s.id, s.owner_id, st.fills, min(sc.changed_at) as at, s.received_date
          from needs_sheet_status_change sc, span, needs_sheet s, needs_sheet_status st
          where sc.changed_at >= span.starts and sc.changed_at < span.ends and s.id = sc.needs_sheet_id and st.id = sc.status_id
            and st.closes and s.owner_id in (select id from users)
          group by 1, 2, 3, 4, 6
        ),
        outcomes as (
          select month, owner_id, count(*) filter (where fills) as filled, count(*) filter (where not fills) as lost,
            -- A status entered before the received date (a date typed late) fills in no time, not in negative days.
            percentile_cont(0.5) within group (order by greatest(${parisDay(sql`at`)} - received_date, 0)) filter (where fills) as median_days
          from closings group by 1, 2
        ),
        figures as (
          select mo.month, u.id as user_id, u.trigram, u.is_active,
            coalesce(c.n, 0) as new_contacts, coalesce(a.n, 0) as activated, coalesce(sb.n, 0) as standby, coalesce(d.n, 0) as done,
            coalesce(op.n, 0) as opened, coalesce(o.filled, 0) as filled, coalesce(o.lost, 0) as lost, o.median_days
          from months mo cross join users u
          left join created c on c.month = mo.month and c.owner_id = u.id
          left join activated a on a.month = mo.month and a.user_id = u.id
          left join standby sb on sb.month = mo.month and sb.owner_id = u.id
          left join done d on d.month = mo.month and d.owner_id = u.id
          left join opened op on op.month = mo.month and op.owner_id = u.id
          left join outcomes o on o.month = mo.month and o.owner_id = u.id
        )
        select month, user_id, trigram, new_contacts, activated, standby, done, opened, filled, lost, median_days from figures
        where is_active or new_contacts + activated + done + opened + filled + lost > 0
        order by month, trigram`.execute(db);
      return rows.map((row) => ({
        month: row.month,
        userId: row.user_id,
        trigram: row.trigram,
        newContacts: Number(row.new_contacts),
        activatedContacts: Number(row.activated),
        standbyAtMonthEnd: Number(row.standby),
        todosDone: Number(row.done),
        sheetsOpened: Number(row.opened),
        sheetsFilled: Number(row.filled),
        sheetsLost: Number(row.lost),
        medianDaysToFill: row.median_days === null ? null : Number(row.median_days),
      }));
    },
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;

function toDirectoryContact(row: DirectoryRow): DirectoryContact {
  return {
    id: row.contact_id ?? 0,
    title: row.title ?? 'mister',
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    jobTitle: row.job_title,
    phone: row.phone,
    email: row.email,
  };
}
