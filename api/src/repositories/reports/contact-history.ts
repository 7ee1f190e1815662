import type { HistoryReportFilters, HistoryReportItem, ListPage, ReportSubject } from '@bo/contracts/all';
import { sql, type RawBuilder } from 'kysely';
import type { Db, Executor } from '../../db/database';
import { eachBatch, EXPORT_BATCH } from '../cursor';
import { groupCompanyIds } from '../history';
import { nameHistoryReferences, type HistoryNames } from '../history-names';
import { fold, foldedContains } from '../mapping';
import { contactNameMatch, iso, joined, parisMidnight } from './sql';

// The contact history report: a company's or a contact's story (todos, changes, needs sheets), and the
// autocomplete that picks its subject.

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
const jsonOf = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;
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
            style: {
              backgroundColor: row.background_color ?? '',
              borderColor: row.border_color ?? '',
              color: row.color ?? '',
            },
          },
          deadline: row.deadline ?? '',
          executionDate: row.execution_date,
          isAccomplished: row.is_accomplished ?? false,
          notes: row.notes ?? '',
          comment: row.comment,
        }
      : null,
  change:
    row.kind === 'change' && row.entity !== null
      ? { entity: row.entity, action: row.action ?? '', changes: row.changes ?? {}, names }
      : null,
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
  const contacts =
    contactId === undefined
      ? sql`select k.id from contact k where k.company_id in (select id from companies)`
      : sql`select ${contactId}::integer as id`;

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
  const sheets =
    contactId === undefined ? sql`s.company_id in (select id from companies)` : sql`s.contact_id = ${contactId}`;

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

export function createContactHistoryReport(db: Db) {
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
        return (
          (await db.selectFrom('contact').select('id').where('id', '=', filters.contactId).executeTakeFirst()) !==
          undefined
        );
      }
      if (filters.companyId !== undefined) {
        return (
          (await db.selectFrom('company').select('id').where('id', '=', filters.companyId).executeTakeFirst()) !==
          undefined
        );
      }
      return false;
    },

    async history(filters: HistoryReportFilters, page: number, perPage: number): Promise<ListPage<HistoryReportItem>> {
      const { rows } = await historyRows(filters, sql`limit ${perPage} offset ${(page - 1) * perPage}`, true).execute(
        db,
      );
      if (rows.length === 0 && page > 1) {
        const { rows: counted } = await sql<{
          total: string;
        }>`with entries as (${historyEntries(filters)}) select count(*) as total from entries`.execute(db);
        return { items: [], total: Number(counted[0].total) };
      }
      return { items: await toHistoryItems(db, rows), total: rows.length === 0 ? 0 : Number(rows[0].total) };
    },

    async eachHistoryBatch(filters: HistoryReportFilters, onBatch: (items: HistoryReportItem[]) => Promise<void>) {
      const query = historyRows(filters, sql``, false);
      await eachBatch(db, { compile: () => query.compile(db) }, EXPORT_BATCH, async (rows, trx) =>
        onBatch(await toHistoryItems(trx, rows)),
      );
    },
  };
}
