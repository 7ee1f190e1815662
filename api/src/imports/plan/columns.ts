import type { Selectable } from 'kysely';
import type { CompanyTable, ContactTable } from '../../db/database';

// Columns of the company and contact tables an import writes (the values an update replaces are kept as these),
// with their types as database.ts declares them.
export type CompanyColumns = Pick<
  Selectable<CompanyTable>,
  | 'name'
  | 'registration_id'
  | 'parent_id'
  | 'address'
  | 'postal_code'
  | 'city'
  | 'phone'
  | 'website'
  | 'sector'
  | 'owner_id'
>;
export type ContactColumns = Pick<
  Selectable<ContactTable>,
  'title' | 'first_name' | 'last_name' | 'job_title' | 'email' | 'phone' | 'company_id' | 'owner_id'
>;

// `parentLine`: the parent is the company the file's line of that number creates; its id is known once written.
export type PlannedWrite<C> =
  | { action: 'create'; line: number; columns: C; parentLine?: number }
  | { action: 'update'; line: number; id: number; columns: C; before: C; parentLine?: number };
