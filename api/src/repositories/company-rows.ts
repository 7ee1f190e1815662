import type { Company, CompanyChanges, CompanyListItem } from '@bo/contracts/all';
import type { Executor } from '../db/database';

// A company's row as the list and the panel read it (its parent, its owner, its counts), its columns, and its mapping
// to the contract's shapes and back.

export type CompanyRow = {
  id: number;
  name: string;
  registration_id: string;
  parent_id: number | null;
  parent_name: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  phone: string | null;
  website: string | null;
  sector: string | null;
  owner_id: number;
  owner_trigram: string;
  is_active: boolean;
  created_at: Date;
  version: number;
};

// A list row: the panel's columns but its creation and version, with the counts the list shows.
type CompanyListRow = Omit<CompanyRow, 'created_at' | 'version'> & {
  subsidiary_count: number | string;
  active_contact_count: number | string;
};

const parentOf = (row: { parent_id: number | null; parent_name: string | null }) =>
  row.parent_id === null || row.parent_name === null ? null : { id: row.parent_id, name: row.parent_name };

// What the list item and the panel's company both show.
const sharedFields = (row: Omit<CompanyListRow, 'subsidiary_count' | 'active_contact_count'>) => ({
  id: row.id,
  name: row.name,
  registrationId: row.registration_id,
  parent: parentOf(row),
  address: row.address,
  postalCode: row.postal_code,
  city: row.city,
  phone: row.phone,
  website: row.website,
  sector: row.sector,
  owner: { id: row.owner_id, trigram: row.owner_trigram },
  isActive: row.is_active,
});

// The one place company rows become the contract's shapes.
export function toCompany(row: CompanyRow): Company {
  return {
    ...sharedFields(row),
    parentId: row.parent_id,
    ownerId: row.owner_id,
    createdAt: row.created_at.toISOString(),
    version: row.version,
  };
}

export function toCompanyListItem(row: CompanyListRow): CompanyListItem {
  return {
    ...sharedFields(row),
    subsidiaryCount: Number(row.subsidiary_count),
    activeContactCount: Number(row.active_contact_count),
  };
}

// The fields a history entry compares, in the contract's names.
export const tracked = (row: CompanyRow) => ({
  name: row.name,
  registrationId: row.registration_id,
  parentId: row.parent_id,
  address: row.address,
  postalCode: row.postal_code,
  city: row.city,
  phone: row.phone,
  website: row.website,
  sector: row.sector,
  ownerId: row.owner_id,
  isActive: row.is_active,
});

export const toColumns = (changes: CompanyChanges) => ({
  name: changes.name,
  registration_id: changes.registrationId,
  parent_id: changes.parentId,
  address: changes.address,
  postal_code: changes.postalCode,
  city: changes.city,
  phone: changes.phone,
  website: changes.website,
  sector: changes.sector,
  owner_id: changes.ownerId,
  is_active: changes.isActive,
});

export function companies(db: Executor) {
  return db
    .selectFrom('company as c')
    .leftJoin('company as p', 'p.id', 'c.parent_id')
    .innerJoin('app_user as u', 'u.id', 'c.owner_id');
}

export const listColumns = [
  'c.id',
  'c.name',
  'c.registration_id',
  'c.parent_id',
  'p.name as parent_name',
  'c.address',
  'c.postal_code',
  'c.city',
  'c.phone',
  'c.website',
  'c.sector',
  'c.owner_id',
  'u.trigram as owner_trigram',
  'c.is_active',
  'c.subsidiary_count',
  'c.active_contact_count',
] as const;

export const rowColumns = [...listColumns, 'c.created_at', 'c.version'] as const;
