import {
  defaultNeedsSheetDeadline,
  mayChangeNeedsSheetStatus,
  needsSheetReference,
  toBusinessIsoDate,
  type ErrorCode,
  type ListPage,
  type NeedsSheet,
  type NeedsSheetChanges,
  type NeedsSheetListItem,
  type NeedsSheetScope,
  type NeedsSheetSearchItem,
  type NeedsSheetSortKey,
  type NeedsPriority,
  type SortedListQuery,
  type SortOrder,
  contractTypes,
  needsPriorities,
  seniorities,
} from '@bo/contracts/all';
import { sql, type RawBuilder } from 'kysely';
import type { Db, Executor } from '../db/database';
import { ensureReferenceSequence, nextReferenceNumber, referenceYear } from '../db/needs-sheet-references';
import { prepared } from '../db/prepared';
import type { Actor } from '../domain/actor';
import { withoutStopWords } from '../domain/search-stop-words';
import { AppError, editConflict } from '../errors';
import { eachBatch, EXPORT_BATCH } from './cursor';
import { diff, type Changes, type HistoryRepository } from './history';
import { createLru } from '../freshness/lru';
import { createListTotals, type LoggedTable } from '../freshness/list-totals';
import { amongIds, fold, foldedContains, onUniqueViolation, rowsInOrder } from './mapping';

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

// What a list's row reads (toListItem): a sheet's texts and conditions are left for its panel.
type ListRow = {
  id: number;
  reference: string;
  company_id: number;
  company_name: string;
  contact_id: number;
  contact_first_name: string;
  contact_last_name: string;
  title: string;
  positions: number;
  positions_filled: number;
  priority: string;
  owner_id: number;
  owner_trigram: string;
  received_date: string;
  deadline: string;
  status_id: number;
  status_label: string;
  status_color: string;
  status_closes: boolean;
  is_active: boolean;
  recruiters: { id: number; trigram: string }[] | string;
};

type SheetRow = ListRow & {
  description: string;
  skills: string[];
  nice_to_have: string[];
  seniority: string;
  place: string | null;
  remote_days: number;
  start_date: string | null;
  duration_months: number | null;
  contract_type: string;
  rate_min: number | null;
  rate_max: number | null;
  model_id: number | null;
  created_at: Date;
  version: number;
};

function oneOf<T extends string>(values: readonly T[], value: string): T {
  const found = values.find((candidate) => candidate === value);
  if (found === undefined) throw new Error(`Unexpected value in the database: ${value}`);
  return found;
}

const recruitersOf = (row: ListRow) => (typeof row.recruiters === 'string' ? (JSON.parse(row.recruiters) as { id: number; trigram: string }[]) : row.recruiters);

// The one place sheet rows become the contract's shapes.
function toListItem(row: ListRow, today: string): NeedsSheetListItem {
  return {
    id: row.id,
    reference: row.reference,
    title: row.title,
    company: { id: row.company_id, name: row.company_name },
    contact: { id: row.contact_id, firstName: row.contact_first_name, lastName: row.contact_last_name },
    status: { id: row.status_id, label: row.status_label, color: row.status_color, closes: row.status_closes },
    priority: oneOf(needsPriorities, row.priority),
    positions: row.positions,
    positionsFilled: row.positions_filled,
    owner: { id: row.owner_id, trigram: row.owner_trigram },
    recruiters: recruitersOf(row),
    receivedDate: row.received_date,
    deadline: row.deadline,
    isLate: !row.status_closes && row.deadline < today,
    isActive: row.is_active,
  };
}

function toSheet(row: SheetRow, today: string): NeedsSheet {
  const recruiters = recruitersOf(row);
  return {
    ...toListItem(row, today),
    companyId: row.company_id,
    contactId: row.contact_id,
    description: row.description,
    skills: row.skills,
    niceToHave: row.nice_to_have,
    seniority: oneOf(seniorities, row.seniority),
    place: row.place,
    remoteDays: row.remote_days,
    startDate: row.start_date,
    durationMonths: row.duration_months,
    contractType: oneOf(contractTypes, row.contract_type),
    rateMin: row.rate_min,
    rateMax: row.rate_max,
    ownerId: row.owner_id,
    recruiterIds: recruiters.map((recruiter) => recruiter.id),
    statusId: row.status_id,
    modelId: row.model_id,
    createdAt: row.created_at.toISOString(),
    version: row.version,
  };
}

// The fields a history entry compares, in the contract's names (the status by its label, recruiters by trigram).
const tracked = (row: SheetRow) => ({
  reference: row.reference,
  companyId: row.company_id,
  contactId: row.contact_id,
  title: row.title,
  description: row.description,
  skills: row.skills.join(', '),
  niceToHave: row.nice_to_have.join(', '),
  seniority: row.seniority,
  place: row.place,
  remoteDays: row.remote_days,
  startDate: row.start_date,
  durationMonths: row.duration_months,
  contractType: row.contract_type,
  rateMin: row.rate_min,
  rateMax: row.rate_max,
  positions: row.positions,
  positionsFilled: row.positions_filled,
  priority: row.priority,
  ownerId: row.owner_id,
  recruiterIds: recruitersOf(row)
    .map((recruiter) => recruiter.trigram)
    .sort()
    .join(', '),
  receivedDate: row.received_date,
  deadline: row.deadline,
  status: row.status_label,
  isActive: row.is_active,
});

const recruitersColumn = sql`
  coalesce((select json_agg(json_build_object('id', ru.id, 'trigram', ru.trigram) order by ru.trigram)
    from needs_sheet_recruiter r join app_user ru on ru.id = r.user_id where r.needs_sheet_id = s.id), '[]'::json) as recruiters`;

const listColumns = sql`
  s.id, s.reference, s.company_id, co.name as company_name, s.contact_id, k.first_name as contact_first_name,
  k.last_name as contact_last_name, s.title, s.positions, s.positions_filled, s.priority, s.owner_id,
  u.trigram as owner_trigram, s.received_date, s.deadline, s.status_id, st.label as status_label, st.color as status_color,
  st.closes as status_closes, s.is_active, ${recruitersColumn}`;

const selectColumns = sql`
  ${listColumns}, s.description, s.skills, s.nice_to_have, s.seniority, s.place, s.remote_days, s.start_date,
  s.duration_months, s.contract_type, s.rate_min, s.rate_max, s.model_id, s.created_at, s.version`;

const joins = sql`
  needs_sheet s
  join company co on co.id = s.company_id
  join contact k on k.id = s.contact_id
  join app_user u on u.id = s.owner_id
  join needs_sheet_status st on st.id = s.status_id`;

// What a page's ids or a count read: the sheets, and only the tables the sort or the text filter names (every join
// of the list is on a required foreign key, so leaving one out keeps the same rows). A page's columns are then read
// for its sheets alone (needs_page_rows): joined along the whole sort, the planner sized its lookups' caches for
// every sheet, and setting them up cost more than reading the page (10 ms against 1).
function sheetsFrom(search: string | undefined, sort?: NeedsSheetSortKey) {
  const company = sort === 'company' || (search !== undefined && search !== '');
  return sql`needs_sheet s
    ${company ? sql`join company co on co.id = s.company_id` : sql``}
    ${sort === 'contact' ? sql`join contact k on k.id = s.contact_id` : sql``}
    ${sort === 'owner' ? sql`join app_user u on u.id = s.owner_id` : sql``}
    ${sort === 'status' ? sql`join needs_sheet_status st on st.id = s.status_id` : sql``}`;
}

// What a list's count reads besides its conditions (list-totals.ts): the actor for a scope of their own, everything
// the conditions name, and the day for the late filter.
function totalKey(list: 'needs' | 'needsSearch', actor: Actor, search: string | undefined, filters: NeedsSheetFilters, today: string) {
  return [list, filters.scope === 'all' ? null : [actor.id, actor.leaderId], filters, search ?? '', filters.late === undefined ? null : today];
}

// The tables a list's count reads: the sheets, their recruiters for a scope or the recruiter filter, the users whose
// leader makes a team, the companies whose name the text filter matches. A sheet's `closed` follows its status
// through an update of the sheet (migration 0022).
function countedTables(search: string | undefined, filters: NeedsSheetFilters): LoggedTable[] {
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

function conditions(actor: Actor, search: string | undefined, filters: NeedsSheetFilters, today: string, page = false) {
  const all: RawBuilder<unknown>[] = [sql`true`];
  if (filters.scope === 'my') all.push(involves(sql`select ${actor.id}::integer`, page));
  if (filters.scope === 'team') {
    all.push(involves(sql`select id from app_user where id = ${actor.id} or leader_id = ${actor.id} or leader_id = ${actor.leaderId} or id = ${actor.leaderId}`, page));
  }
  if (filters.statusId !== undefined) all.push(sql`s.status_id = ${filters.statusId}`);
  if (filters.open !== undefined) all.push(sql`s.closed = ${!filters.open}`);
  if (filters.companyId !== undefined) all.push(sql`s.company_id = ${filters.companyId}`);
  if (filters.ownerId !== undefined) all.push(sql`s.owner_id = ${filters.ownerId}`);
  if (filters.recruiterId !== undefined) {
    all.push(sql`exists (select 1 from needs_sheet_recruiter r where r.needs_sheet_id = s.id and r.user_id = ${filters.recruiterId})`);
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

function orderBy(sort: NeedsSheetSortKey, order: SortOrder) {
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  const keys = [...sortExpressions[sort], sql`s.id`].map((key) => sql`${key} ${direction}`);
  return sql`order by ${sql.join(keys)}`;
}

// Two writers racing past the checks meet the unique indexes.
const uniqueCodes: Record<string, { code: ErrorCode; field: string }> = {
  needs_sheet_status_label_key: { code: 'existingName', field: 'label' },
  needs_sheet_model_title_key: { code: 'existingTitle', field: 'title' },
};
export const needsSheetUniqueCodes = uniqueCodes;

// The last guard of the numbering: a reference already used (written past the year's sequence) is refused, never
// given twice.
const referenceCodes: Record<string, { code: ErrorCode; field: string }> = {
  needs_sheet_reference_key: { code: 'existingValue', field: 'reference' },
};

// The creation's reference step: the next number of the year of `today` (a business date), inside the creation's
// transaction. Its year's sequence must be there (ensureReferenceSequence, before the transaction).
export async function nextNeedsSheetReference(trx: Executor, today: string): Promise<string> {
  const year = referenceYear(today);
  return needsSheetReference(year, await nextReferenceNumber(trx, year));
}

// The snippets' marks: control characters no text holds, turned into <mark> once the text around them is escaped.
const MARK_START = '\u0002';
const MARK_END = '\u0003';
const headlineOptions = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=25, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`;
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export function toHighlight(snippet: string): string {
  return escapeHtml(snippet).split(MARK_START).join('<mark>').split(MARK_END).join('</mark>');
}

// The word of a one-word query, from the query's text form ('donne': quoted, its quotes and backslashes doubled);
// undefined for any other form.
export function oneWord(queryText: string): string | undefined {
  const quoted = /^'((?:[^'\\]|''|\\\\)*)'$/.exec(queryText);
  return quoted?.[1].replace(/''/g, "'").replace(/\\\\/g, '\\');
}

// How many searches an instance keeps parsed: a few hundred kilobytes.
const KEPT_PARSES = 2000;

// A search's text as a full-text query of the sheets' French configuration.
const tsQuery = (text: string) => sql`websearch_to_tsquery('bo_french', ${text})`;
type ParsedSearch = { nodes: number; text: string };

// `clock`: the instant a creation is dated by and a list's lateness is read at (a test moves it across a year).
export function createNeedsSheetRepository(db: Db, history: HistoryRepository, clock: { now: () => Date } = { now: () => new Date() }) {
  const totals = createListTotals();
  const businessToday = () => toBusinessIsoDate(clock.now());
  const parses = createLru<string, ParsedSearch>(KEPT_PARSES);

  // A search's text as the sheets' French configuration reads it: how many words and operators, and the query as
  // text. The same text always reads the same way (the configuration changes only with a migration, and so with a
  // new deployment): an instance keeps what it parsed, and a search paged through or typed again asks nothing.
  async function parseSearch(text: string): Promise<ParsedSearch> {
    const known = parses.get(text);
    if (known !== undefined) return known;
    const query = tsQuery(text);
    const { rows } = await prepared('needs_search_terms', sql<ParsedSearch>`select numnode(${query}) as nodes, ${query}::text as text`).execute(db);
    const parsed = { nodes: Number(rows[0].nodes), text: rows[0].text };
    parses.set(text, parsed);
    return parsed;
  }

  async function findRow(executor: Executor, id: number): Promise<SheetRow | undefined> {
    const { rows } = await sql<SheetRow>`select ${selectColumns} from ${joins} where s.id = ${id}`.execute(executor);
    return rows[0];
  }

  // The rules every stored sheet obeys, checked in the writing transaction.
  async function checkRules(trx: Executor, changes: NeedsSheetChanges, current: SheetRow | undefined) {
    const company = await trx.selectFrom('company').select(['id', 'is_active']).where('id', '=', changes.companyId).executeTakeFirst();
    if (company === undefined) throw new AppError('modelNotFound', { field: 'companyId' });
    const contact = await trx.selectFrom('contact').select(['id', 'is_active', 'company_id']).where('id', '=', changes.contactId).executeTakeFirst();
    if (contact === undefined) throw new AppError('modelNotFound', { field: 'contactId' });
    if (contact.company_id !== changes.companyId) throw new AppError('dataInvalid', { field: 'contactId' });
    // A sheet is written for an active client: checked when it is created or moves to another company or contact.
    const moves = current === undefined || current.company_id !== changes.companyId || current.contact_id !== changes.contactId;
    if (moves && !company.is_active) throw new AppError('inactiveCompany', { field: 'companyId' });
    if (moves && !contact.is_active) throw new AppError('inactiveCompany', { field: 'contactId' });
    const owner = await trx.selectFrom('app_user').select(['id', 'is_active']).where('id', '=', changes.ownerId).executeTakeFirst();
    if (owner === undefined || !owner.is_active) throw new AppError('dataInvalid', { field: 'ownerId' });
    if (changes.recruiterIds.length > 0) {
      const recruiters = await trx.selectFrom('app_user').select('id').where('id', 'in', changes.recruiterIds).where('is_active', '=', true).execute();
      if (recruiters.length !== changes.recruiterIds.length) throw new AppError('dataInvalid', { field: 'recruiterIds' });
    }
  }

  // The status a sheet gets: the one asked for (active, or the one it already has), else the first active one.
  async function statusFor(trx: Executor, statusId: number | null, current: SheetRow | undefined): Promise<number> {
    if (statusId === null) {
      if (current !== undefined) return current.status_id;
      const first = await trx.selectFrom('needs_sheet_status').select('id').where('is_active', '=', true).orderBy('display_order').orderBy('id').executeTakeFirst();
      if (first === undefined) throw new AppError('dataInvalid', { field: 'statusId' });
      return first.id;
    }
    const status = await trx.selectFrom('needs_sheet_status').select(['id', 'is_active']).where('id', '=', statusId).executeTakeFirst();
    if (status === undefined || (!status.is_active && current?.status_id !== statusId)) throw new AppError('dataInvalid', { field: 'statusId' });
    return status.id;
  }

  async function delayOf(trx: Executor, modelId: number | null): Promise<number | undefined> {
    if (modelId === null) return undefined;
    const model = await trx.selectFrom('needs_sheet_model').select('delay_days').where('id', '=', modelId).executeTakeFirst();
    if (model === undefined) throw new AppError('modelNotFound', { field: 'modelId' });
    return model.delay_days;
  }

  async function columns(trx: Executor, changes: NeedsSheetChanges, current: SheetRow | undefined, today: string) {
    const receivedDate = changes.receivedDate ?? current?.received_date ?? today;
    const deadline = changes.deadline ?? defaultNeedsSheetDeadline(receivedDate, await delayOf(trx, changes.modelId));
    if (deadline < receivedDate) throw new AppError('dataInvalid', { field: 'deadline' });
    return {
      company_id: changes.companyId,
      contact_id: changes.contactId,
      title: changes.title,
      description: changes.description,
      skills: changes.skills,
      nice_to_have: changes.niceToHave,
      seniority: changes.seniority,
      place: changes.place,
      remote_days: changes.remoteDays,
      start_date: changes.startDate,
      duration_months: changes.durationMonths,
      contract_type: changes.contractType,
      rate_min: changes.rateMin,
      rate_max: changes.rateMax,
      positions: changes.positions,
      positions_filled: changes.positionsFilled,
      priority: changes.priority,
      owner_id: changes.ownerId,
      model_id: changes.modelId,
      received_date: receivedDate,
      deadline,
      status_id: await statusFor(trx, changes.statusId, current),
      is_active: changes.isActive,
    };
  }

  // The status a sheet entered, beside the history line that tells it (the statistics and the history report read
  // statuses by id, the history by name).
  async function enterStatus(trx: Executor, id: number, statusId: number, actorId: number, historyId: string) {
    await trx.insertInto('needs_sheet_status_change').values({ needs_sheet_id: id, status_id: statusId, user_id: actorId, history_id: historyId }).execute();
  }

  async function setRecruiters(trx: Executor, id: number, recruiterIds: number[]) {
    await trx.deleteFrom('needs_sheet_recruiter').where('needs_sheet_id', '=', id).execute();
    if (recruiterIds.length > 0) {
      await trx.insertInto('needs_sheet_recruiter').values(recruiterIds.map((userId) => ({ needs_sheet_id: id, user_id: userId }))).execute();
    }
  }

  // The years whose sequence this instance knows is there: their creations go straight to their transaction.
  const numberedYears = new Set<number>();

  // Before a creation's transaction, in a statement of its own: the year's sequence exists (needs-sheet-references.ts).
  async function prepareNumbering(today: string): Promise<void> {
    const year = referenceYear(today);
    if (numberedYears.has(year)) return;
    await ensureReferenceSequence(db, year);
    numberedYears.add(year);
  }

  // A sheet created on `today` (its business date), its numbering prepared before the transaction. Its number is
  // taken once its checks passed: from then on the transaction holds only its own rows.
  async function insert(trx: Executor, today: string, changes: NeedsSheetChanges, actorId: number, extra: Changes = {}): Promise<number> {
    await checkRules(trx, changes, undefined);
    const values = await columns(trx, changes, undefined, today);
    const reference = await nextNeedsSheetReference(trx, today);
    const { id } = await trx.insertInto('needs_sheet').values({ ...values, reference }).returning('id').executeTakeFirstOrThrow();
    await setRecruiters(trx, id, changes.recruiterIds);
    const created = await findRow(trx, id);
    if (created === undefined) throw new AppError('modelNotFound');
    const historyId = await history.record(trx, { entity: 'needsSheet', entityId: id, action: 'create', changes: { ...diff({}, tracked(created)), ...extra }, userId: actorId });
    await enterStatus(trx, id, created.status_id, actorId, historyId);
    return id;
  }

  const changesOf = (row: SheetRow): NeedsSheetChanges => ({
    companyId: row.company_id,
    contactId: row.contact_id,
    title: row.title,
    description: row.description,
    skills: row.skills,
    niceToHave: row.nice_to_have,
    seniority: oneOf(seniorities, row.seniority),
    place: row.place,
    remoteDays: row.remote_days,
    startDate: row.start_date,
    durationMonths: row.duration_months,
    contractType: oneOf(contractTypes, row.contract_type),
    rateMin: row.rate_min,
    rateMax: row.rate_max,
    positions: row.positions,
    positionsFilled: row.positions_filled,
    priority: oneOf(needsPriorities, row.priority),
    ownerId: row.owner_id,
    recruiterIds: recruitersOf(row).map((recruiter) => recruiter.id),
    receivedDate: row.received_date,
    deadline: row.deadline,
    statusId: row.status_id,
    modelId: row.model_id,
    isActive: row.is_active,
  });

  return {
    async list(actor: Actor, query: SortedListQuery<NeedsSheetSortKey>, filters: NeedsSheetFilters): Promise<ListPage<NeedsSheetListItem>> {
      const today = businessToday();
      const where = conditions(actor, query.search, filters, today);
      // The total beside the page, counted again only when the sheets it counts changed.
      const [page, total] = await Promise.all([
        sql<{ id: number }>`select s.id from ${sheetsFrom(query.search, query.sort)} where ${conditions(actor, query.search, filters, today, true)}
          ${orderBy(query.sort, query.order)} limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`.execute(db),
        totals.total(db, totalKey('needs', actor, query.search, filters, today), countedTables(query.search, filters), sql`select count(*) from ${sheetsFrom(query.search)} where ${where}`),
      ]);
      const ids = page.rows.map((row) => row.id);
      const rows = await rowsInOrder(ids, async () => (await prepared('needs_page_rows', sql<ListRow>`select ${listColumns} from ${joins} where ${amongIds('s.id', ids)}`).execute(db)).rows);
      return { items: rows.map((row) => toListItem(row, today)), total };
    },

    // Every sheet of the list, in its order, a batch at a time (exports).
    async eachBatch(
      actor: Actor,
      query: Omit<SortedListQuery<NeedsSheetSortKey>, 'page' | 'perPage'>,
      filters: NeedsSheetFilters,
      onBatch: (items: NeedsSheetListItem[]) => Promise<void>,
    ) {
      const today = businessToday();
      const where = conditions(actor, query.search, filters, today);
      const rows = db.selectFrom(sql<ListRow>`(select ${listColumns} from ${joins} where ${where} ${orderBy(query.sort, query.order)})`.as('x')).selectAll();
      await eachBatch(db, rows, EXPORT_BATCH, (batch) => onBatch(batch.map((row) => toListItem(row as ListRow, today))));
    },

    // Full text: the query parsed with the sheets' French configuration; stop words or punctuation alone match
    // nothing and answer an empty page.
    async search(actor: Actor, typed: string, filters: NeedsSheetFilters, page: number, perPage: number): Promise<ListPage<NeedsSheetSearchItem>> {
      const today = businessToday();
      const text = withoutStopWords(typed);
      const query = tsQuery(text);
      const parsed = await parseSearch(text);
      if (parsed.nodes === 0) return { items: [], total: 0 };
      const where = sql`s.search_vector @@ q.query and ${conditions(actor, undefined, filters, today)}`;
      const word = parsed.nodes === 1 ? oneWord(parsed.text) : undefined;
      // The page's sheets ranked among every match. One word: read in rank order from the sheets' words
      // (migration 0027), each sheet checked against the filters, until the page is full. Several: every match
      // ranked in one pass (a top-N sort). The columns and snippets are then built for the page's sheets only. The
      // number of matches beside it, counted again only when the sheets changed: counted with a window, it made
      // every match's row, search vector included, go through a buffer that spilled to disk.
      const ranking =
        word === undefined
          ? sql<{ id: number; rank: number }>`
              with q as (select ${query} as query)
              select s.id, ts_rank(s.search_vector, q.query) as rank
              from ${sheetsFrom(undefined)}, q where ${where}
              order by rank desc, s.id desc
              limit ${perPage} offset ${(page - 1) * perPage}`
          : sql<{ id: number; rank: number }>`
              select t.needs_sheet_id as id, t.rank
              from needs_sheet_term t join needs_sheet s on s.id = t.needs_sheet_id
              where t.lexeme = ${word} and ${conditions(actor, undefined, filters, today, true)}
              order by t.rank desc, t.needs_sheet_id desc
              limit ${perPage} offset ${(page - 1) * perPage}`;
      const [{ rows: ranked }, total] = await Promise.all([
        ranking.execute(db),
        totals.total(
          db,
          totalKey('needsSearch', actor, text, filters, today),
          countedTables(undefined, filters),
          sql`with q as (select ${query} as query) select count(*) from ${sheetsFrom(undefined)}, q where ${where}`,
        ),
      ]);
      type SnippetRow = ListRow & { h_title: string; h_skills: string; h_description: string };
      const ids = ranked.map((row) => row.id);
      const rows = await rowsInOrder(
        ids,
        async () =>
          (
            await prepared('needs_search_rows', sql<SnippetRow>`
              with q as (select ${query} as query)
              select ${listColumns},
                ts_headline('bo_french', s.title, q.query, ${headlineOptions}) as h_title,
                ts_headline('bo_french', array_to_string(s.skills || s.nice_to_have, ', '), q.query, ${headlineOptions}) as h_skills,
                ts_headline('bo_french', s.description, q.query, ${headlineOptions}) as h_description
              from ${joins}, q where ${amongIds('s.id', ids)}`).execute(db)
          ).rows,
      );
      const rankOf = new Map(ranked.map((row) => [row.id, Number(row.rank)]));
      return {
        items: rows.map((row) => ({
          ...toListItem(row, today),
          rank: rankOf.get(row.id) ?? 0,
          highlights: [row.h_title, row.h_skills, row.h_description].filter((snippet) => snippet.includes(MARK_START)).map(toHighlight),
        })),
        total,
      };
    },

    async find(id: number): Promise<NeedsSheet | undefined> {
      const row = await findRow(db, id);
      return row === undefined ? undefined : toSheet(row, businessToday());
    },

    async create(changes: NeedsSheetChanges, actorId: number): Promise<number> {
      const today = businessToday();
      await prepareNumbering(today);
      return onUniqueViolation(referenceCodes, () => db.transaction().execute((trx) => insert(trx, today, changes, actorId)));
    },

    // A new sheet from an existing one: new reference, received today, the first status, nothing filled yet.
    async duplicate(id: number, actorId: number): Promise<number> {
      const today = businessToday();
      await prepareNumbering(today);
      return onUniqueViolation(referenceCodes, () =>
        db.transaction().execute(async (trx) => {
          const source = await findRow(trx, id);
          if (source === undefined) throw new AppError('modelNotFound', { field: 'id' });
          const changes: NeedsSheetChanges = { ...changesOf(source), receivedDate: null, deadline: null, statusId: null, positionsFilled: 0, isActive: true };
          return insert(trx, today, changes, actorId, { duplicatedFrom: { from: undefined, to: source.reference } });
        }),
      );
    },

    // A change from the version the user read.
    async update(id: number, changes: NeedsSheetChanges & { version: number }, actorId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // The row lock orders concurrent changes to one sheet: the rules are checked against what is there.
        const locked = await trx.selectFrom('needs_sheet').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
        const before = locked === undefined ? undefined : await findRow(trx, id);
        if (before === undefined) throw new AppError('modelNotFound', { field: 'id' });
        if (before.version !== changes.version) throw editConflict(await history.conflict(trx, 'needsSheet', id, before.version));
        await checkRules(trx, changes, before);
        const values = await columns(trx, changes, before, businessToday());
        await trx.updateTable('needs_sheet').set(values).where('id', '=', id).execute();
        await setRecruiters(trx, id, changes.recruiterIds);
        const after = await findRow(trx, id);
        if (after === undefined) throw new AppError('modelNotFound');
        const { status, ...changed } = diff(tracked(before), tracked(after));
        if (Object.keys(changed).length > 0) await history.record(trx, { entity: 'needsSheet', entityId: id, action: 'update', changes: changed, userId: actorId });
        // A status change is its own line of the story.
        if (status !== undefined) {
          const historyId = await history.record(trx, { entity: 'needsSheet', entityId: id, action: 'status', changes: { status }, userId: actorId });
          await enterStatus(trx, id, after.status_id, actorId, historyId);
        }
      });
    },

    // A recruiter (recruitment team alone) changes the status of the sheets they are assigned to only: checked
    // under the sheet's lock, so that an assignment removed at the same moment is seen.
    // From the version the user read, as an edit.
    async changeStatus(id: number, change: { statusId: number; comment: string | null; version: number }, actor: Actor): Promise<void> {
      const { statusId, comment } = change;
      await db.transaction().execute(async (trx) => {
        const locked = await trx.selectFrom('needs_sheet').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
        const before = locked === undefined ? undefined : await findRow(trx, id);
        if (before === undefined) throw new AppError('modelNotFound', { field: 'id' });
        if (before.version !== change.version) throw editConflict(await history.conflict(trx, 'needsSheet', id, before.version));
        if (!mayChangeNeedsSheetStatus(actor, { recruiterIds: recruitersOf(before).map((recruiter) => recruiter.id) })) throw new AppError('forbidden');
        const status = await trx.selectFrom('needs_sheet_status').select(['id', 'label', 'is_active']).where('id', '=', statusId).executeTakeFirst();
        if (status === undefined || !status.is_active) throw new AppError('dataInvalid', { field: 'statusId' });
        await trx.updateTable('needs_sheet').set({ status_id: statusId }).where('id', '=', id).execute();
        const changes: Changes = {};
        if (before.status_id !== statusId) changes.status = { from: before.status_label, to: status.label };
        // A comment is new text, not a change of value: no "from" (dropped from the stored JSON).
        if (comment !== null) changes.comment = { from: undefined, to: comment };
        const historyId = await history.record(trx, { entity: 'needsSheet', entityId: id, action: 'status', changes, userId: actor.id });
        if (before.status_id !== statusId) await enterStatus(trx, id, statusId, actor.id, historyId);
      });
    },

    history(id: number, pageNumber: number, perPage: number) {
      return history.needsSheet(id, pageNumber, perPage);
    },
  };
}
export type NeedsSheetRepository = ReturnType<typeof createNeedsSheetRepository>;
