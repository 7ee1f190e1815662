import type { NeedsPriority, NeedsSheetScope, NeedsSheetSortKey, SortOrder } from '@bo/contracts/all';
import { sql, type RawBuilder } from 'kysely';
import type { Actor } from '../domain/actor';
import type { LoggedTable } from '../freshness/list-totals';
import { fold, foldedContains } from './mapping';

// A needs sheets' list's filters, text filter and sort as SQL: shared by the list, its export and the full-text search.
export type NeedsSheetFilters = {
  scope: NeedsSheetScope;
  statusId?: number;
  open?: boolean;
  companyId?: number;
  ownerId?: number;
  recruiterId?: number;
  priority?: NeedsPriority;
  late?: boolean;
};

// What a page's ids or a count read: the sheets, and only the tables the sort or the text filter names (every join
// of the list is on a required foreign key, so leaving one out keeps the same rows). A page's columns are then read
// for its sheets alone (needs_page_rows): joined along the whole sort, the planner sized its lookups' caches for
// every sheet, and setting them up cost more than reading the page (10 ms against 1).
export function sheetsFrom(search: string | undefined, sort?: NeedsSheetSortKey) {
  const company = sort === 'company' || (search !== undefined && search !== '');
  return sql`needs_sheet s
    ${company ? sql`join company co on co.id = s.company_id` : sql``}
    ${sort === 'contact' ? sql`join contact k on k.id = s.contact_id` : sql``}
    ${sort === 'owner' ? sql`join app_user u on u.id = s.owner_id` : sql``}
    ${sort === 'status' ? sql`join needs_sheet_status st on st.id = s.status_id` : sql``}`;
}

// What a list's count reads besides its conditions (list-totals.ts): the actor for a scope of their own, everything
// the conditions name, and the day for the late filter.
export function totalKey(
  list: 'needs' | 'needsSearch',
  actor: Actor,
  search: string | undefined,
  filters: NeedsSheetFilters,
  today: string,
) {
  return [
    list,
    filters.scope === 'all' ? null : [actor.id, actor.leaderId],
    filters,
    search ?? '',
    filters.late === undefined ? null : today,
  ];
}

// The tables a list's count reads: the sheets, their recruiters for a scope or the recruiter filter, the users whose
// leader makes a team, the companies whose name the text filter matches. A sheet's `closed` follows its status
// through an update of the sheet (migration 0022).
export function countedTables(search: string | undefined, filters: NeedsSheetFilters): LoggedTable[] {
  const recruiters = filters.scope !== 'all' || filters.recruiterId !== undefined;
  return [
    'needs_sheet',
    ...(recruiters ? (['needs_sheet_recruiter'] as const) : []),
    ...(filters.scope === 'team' ? (['app_user'] as const) : []),
    ...(search !== undefined && search !== '' ? (['company'] as const) : []),
  ];
}

// Whose sheets a scope shows: those a user owns or is assigned to; with their team's (the users with their
// leader, their leader, those they lead); or all. The users' ids are read once, as an array, for the query: a sheet
// is then checked against its owner and its recruiters' index entries.
// `page`: the conditions of a page, read along its sort's index until it is full. Each sheet's recruiters are then
// probed through their index; OFFSET 0 keeps the planner from turning the EXISTS into a hashed set of every
// recruiter row of the team, which it prefers from the number of sheets it expects to check (thousands), not the
// page's few (the team's first page spent 2 ms hashing 8 000 rows to check 100 sheets). A count, which checks
// every sheet, keeps the hashed set.
function involves(ids: RawBuilder<unknown>, page: boolean) {
  const users = sql`array(${ids})`;
  return sql`(s.owner_id = any(${users}) or exists (select 1 from needs_sheet_recruiter r where r.needs_sheet_id = s.id and r.user_id = any(${users})${page ? sql` offset 0` : sql``}))`;
}

export function conditions(
  actor: Actor,
  search: string | undefined,
  filters: NeedsSheetFilters,
  today: string,
  page = false,
) {
  const all: RawBuilder<unknown>[] = [sql`true`];
  if (filters.scope === 'my') all.push(involves(sql`select ${actor.id}::integer`, page));
  if (filters.scope === 'team') {
    all.push(
      involves(
        sql`select id from app_user where id = ${actor.id} or leader_id = ${actor.id} or leader_id = ${actor.leaderId} or id = ${actor.leaderId}`,
        page,
      ),
    );
  }
  if (filters.statusId !== undefined) all.push(sql`s.status_id = ${filters.statusId}`);
  // In the text rather than a parameter: a plan kept for the statement's form knows which half it reads.
  if (filters.open !== undefined) all.push(filters.open ? sql`not s.closed` : sql`s.closed`);
  if (filters.companyId !== undefined) all.push(sql`s.company_id = ${filters.companyId}`);
  if (filters.ownerId !== undefined) all.push(sql`s.owner_id = ${filters.ownerId}`);
  if (filters.recruiterId !== undefined) {
    all.push(
      sql`exists (select 1 from needs_sheet_recruiter r where r.needs_sheet_id = s.id and r.user_id = ${filters.recruiterId})`,
    );
  }
  if (filters.priority !== undefined) all.push(sql`s.priority = ${filters.priority}`);
  if (filters.late === true) all.push(sql`(not s.closed and s.deadline < ${today})`);
  if (filters.late === false) all.push(sql`(s.closed or s.deadline >= ${today})`);
  if (search !== undefined && search !== '') {
    const pattern = foldedContains(search);
    all.push(sql`${fold(sql`s.reference || ' ' || s.title || ' ' || co.name`)} like ${fold(sql`${pattern}`)}`);
  }
  return sql.join(all, sql` and `);
}

// A reference (BES-2026-0042, needsSheetReference) sorts by its year, then its number: as an index holds them
// (migration 0022).
const sortExpressions: Record<NeedsSheetSortKey, RawBuilder<unknown>[]> = {
  reference: [sql`split_part(s.reference, '-', 2)::integer`, sql`split_part(s.reference, '-', 3)::integer`],
  title: [sql`${fold(sql`s.title`)} collate "C"`],
  company: [sql`co.name_key`],
  contact: [sql`k.name_key`],
  status: [sql`st.display_order`],
  priority: [sql`(case s.priority when 'low' then 0 when 'normal' then 1 when 'high' then 2 else 3 end)`],
  positions: [sql`s.positions`],
  owner: [sql`u.trigram`],
  deadline: [sql`s.deadline`],
  receivedDate: [sql`s.received_date`],
};

export function orderBy(sort: NeedsSheetSortKey, order: SortOrder) {
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  const keys = [...sortExpressions[sort], sql`s.id`].map((key) => sql`${key} ${direction}`);
  return sql`order by ${sql.join(keys)}`;
}
