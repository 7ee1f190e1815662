import { foldAccents, type CompanySortKey } from '@bo/contracts/all';
import { sql, type SqlBool } from 'kysely';
import { escapeLike, fold } from './mapping';

// The companies' list as SQL: its filters, search and sort keys.

export type CompanyFilters = {
  isActive?: boolean;
  kind?: 'head' | 'subsidiary';
  sector?: string;
  ownerId?: number;
};

// What the user typed, as a "contains" pattern on the folded search key. A SIRET is often typed in groups
// (732 829 320): digits and spaces only are searched without the spaces.
export function searchPattern(search: string): string {
  const text = /^[\d\s]+$/.test(search) ? search.replace(/\s+/g, '') : search.trim();
  return `%${escapeLike(foldAccents(text))}%`;
}

// The list's search and filters, on the company alone (`c`): the count and the page's ids need no join.
export function conditions(search: string | undefined, filters: CompanyFilters) {
  const all: ReturnType<typeof sql<SqlBool>>[] = [];
  if (search !== undefined && search !== '')
    all.push(sql<SqlBool>`c.search_key like ${fold(sql`${searchPattern(search)}`)}`);
  if (filters.isActive !== undefined) all.push(sql<SqlBool>`c.is_active = ${filters.isActive}`);
  if (filters.kind === 'head') all.push(sql<SqlBool>`c.parent_id is null`);
  if (filters.kind === 'subsidiary') all.push(sql<SqlBool>`c.parent_id is not null`);
  if (filters.sector !== undefined) all.push(sql<SqlBool>`c.sector = ${filters.sector}`);
  if (filters.ownerId !== undefined) all.push(sql<SqlBool>`c.owner_id = ${filters.ownerId}`);
  return all.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`${sql.join(all, sql` and `)}`;
}

// Each column's order: a stored key with an index (migration 0013: folded text, "C" order, the same on both
// engines; counts kept by triggers), read in either direction; the parent's name and the owner's trigram are
// looked up per row.
export const sortExpressions: Record<CompanySortKey, ReturnType<typeof sql>> = {
  name: sql.ref('c.name_key'),
  registrationId: sql.ref('c.registration_id'),
  parent: sql`(select p.name_key from company p where p.id = c.parent_id)`,
  subsidiaryCount: sql.ref('c.subsidiary_count'),
  activeContactCount: sql.ref('c.active_contact_count'),
  postalCode: sql.ref('c.postal_code'),
  city: sql.ref('c.city_key'),
  sector: sql.ref('c.sector_key'),
  owner: sql`(select u.trigram from app_user u where u.id = c.owner_id)`,
  isActive: sql.ref('c.is_active'),
};
