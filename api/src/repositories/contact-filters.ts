import { toBusinessIsoDate, type ContactScope, type ContactSortKey } from '@bo/contracts/all';
import { sql, type SqlBool } from 'kysely';
import type { Actor } from '../domain/actor';
import { lastExecution } from './contact-rows';
import type { LoggedTable } from '../freshness/list-totals';
import { fold, foldedContains } from './mapping';

// The contact records' list as SQL: its scope, filters, search and sort keys, and what its count reads.

export type ContactFilters = {
  scope: ContactScope;
  companyId?: number;
  ownerId?: number;
  standby?: boolean;
  late?: boolean;
};

// A search that looks like a phone number (digits, spaces, dots, +) is matched on the digits as stored
// (0033612345678): a leading national 0 is dropped ("06 12" finds 0033 6 12). Anything else on the folded
// names, e-mail and company name.
export function contactSearch(search: string): { kind: 'phone' | 'text'; pattern: string } {
  if (/^[\d\s.+()-]+$/.test(search) && search.replace(/\D/g, '').length >= 2) {
    const digits = search.replace(/\D/g, '');
    return { kind: 'phone', pattern: `%${/^0[1-9]/.test(digits) ? digits.slice(1) : digits}%` };
  }
  return { kind: 'text', pattern: foldedContains(search) };
}

// The users whose contacts are "my team's": those with my leader, my leader, those I lead; never me (as in the
// standby lists).
const teamIds = (actor: Actor) =>
  sql`(select id from app_user where id <> ${actor.id} and (leader_id = ${actor.id} or leader_id = ${actor.leaderId} or id = ${actor.leaderId}))`;

export const sortKeys: Record<ContactSortKey, ReturnType<typeof sql>[]> = {
  name: [sql.ref('c.name_key')],
  company: [sql`(select co.name_key from company co where co.id = c.company_id)`],
  jobTitle: [sql`${fold(sql.ref('c.job_title'))} collate "C"`],
  phone: [sql.ref('c.phone')],
  email: [sql`lower(c.email) collate "C"`],
  owner: [sql`(select u.trigram from app_user u where u.id = c.owner_id)`],
  nextTodo: [sql.ref('c.next_deadline')],
  lastTodo: [lastExecution],
  isActive: [sql.ref('c.is_active')],
};

// The list's scope, filters and search, on the contact alone (`c`): the count and the page's ids need no join.
// A search matches the contact's own key (names, e-mail, phone digits; trigram index) or its company's name
// (trigram index, migration 0023), the companies read first. Read `asArray`, both indexes are read into one bitmap
// of the matching contacts (a list's page fences them off from its sort, see list); otherwise the companies are a
// hashed set each contact walked along the name order is looked up in.
export function conditions(
  actor: Actor,
  search: string | undefined,
  filters: ContactFilters,
  companies: 'asArray' | 'asSet' = 'asArray',
) {
  // A contact merged into another is in no list.
  const all: ReturnType<typeof sql<SqlBool>>[] = [sql<SqlBool>`c.merged_into_id is null`];
  if (filters.scope === 'my') all.push(sql<SqlBool>`c.owner_id = ${actor.id}`);
  if (filters.scope === 'team') all.push(sql<SqlBool>`c.owner_id in ${teamIds(actor)}`);
  if (filters.companyId !== undefined) all.push(sql<SqlBool>`c.company_id = ${filters.companyId}`);
  if (filters.ownerId !== undefined) all.push(sql<SqlBool>`c.owner_id = ${filters.ownerId}`);
  if (filters.standby !== undefined) all.push(sql<SqlBool>`c.is_active = ${!filters.standby}`);
  if (filters.late === true) {
    const today = toBusinessIsoDate(new Date());
    all.push(sql<SqlBool>`c.next_deadline < ${today}`);
  }
  if (search !== undefined && search !== '') {
    const { kind, pattern } = contactSearch(search);
    const folded = fold(sql`${pattern}`);
    const named = sql`(select co.id from company co where co.name_key like ${folded})`;
    all.push(
      kind === 'phone'
        ? sql<SqlBool>`c.search_key like ${pattern}`
        : companies === 'asArray'
          ? sql<SqlBool>`(c.search_key like ${folded} or c.company_id = any(array${named}))`
          : sql<SqlBool>`(c.search_key like ${folded} or c.company_id in ${named})`,
    );
  }
  return sql<SqlBool>`${sql.join(all, sql` and `)}`;
}

// What a list's count reads besides its conditions (list-totals.ts): the actor for a scope of their own, and
// everything the conditions name. The late filter reads a contact's next deadline, which the change log leaves out
// (migration 0021), and the day: its count is not kept.
export function totalKey(actor: Actor, search: string | undefined, filters: ContactFilters) {
  if (filters.late === true) return null;
  const { scope, companyId, ownerId, standby } = filters;
  return [
    'contacts',
    scope,
    scope === 'all' ? null : [actor.id, actor.leaderId],
    companyId,
    ownerId,
    standby,
    search ?? '',
  ];
}

// The tables a list's count reads: the contacts, the users whose leader makes a team, the companies whose name a
// search matches.
export function countedTables(search: string | undefined, filters: ContactFilters): LoggedTable[] {
  return [
    'contact',
    ...(filters.scope === 'team' ? (['app_user'] as const) : []),
    ...(search !== undefined && search !== '' ? (['company'] as const) : []),
  ];
}
