import { importMessages, type ImportRecord } from '@bo/contracts/all';
import { sql, type Selectable } from 'kysely';
import type { CompanyTable, Executor } from '../../db/database';
import { compact, foldName, isSiretRef } from './cells';
import type { Row } from './chunks';
import type { CompanyColumns } from './columns';
import type { CompanyCells } from './company-cells';
import { found, type UpdatedRecords } from './matching';

// The companies a row of a companies file is matched with: the database's, by SIRET, name or id, as before the
// import; and what a row matched holds until its parent is found.
const companyColumnsSelect = [
  'id',
  'name',
  'registration_id',
  'parent_id',
  'address',
  'postal_code',
  'city',
  'phone',
  'website',
  'sector',
  'owner_id',
  'is_active',
] as const;

export type ExistingCompany = CompanyColumns & Pick<Selectable<CompanyTable>, 'id' | 'is_active'>;

export const companyRecord = (company: { id: number; name: string }): ImportRecord => ({
  id: company.id,
  label: company.name,
});
export const companyText = (company: { id: number; name: string }) => importMessages.record(company.name, company.id);

// A company a parent cell names, as a number: an existing company by its id (> 0), a company the file creates by
// minus its line (< 0). NO_COMPANY: a line of the file that imports none (rejected), or no parent.
export const NO_COMPANY = 0;

// A row of a companies file read and matched: the existing company it is (by SIRET), the existing company its
// parent cell names (by SIRET or name, as before the import), and that cell.
export type CompanyCandidate = {
  row: Row;
  values: Partial<CompanyColumns>;
  existing: ExistingCompany | undefined;
  parentRef: string | undefined;
  parentDb: ExistingCompany | null;
};
export type ParentFound = { company: number } | { problem: string } | { waitFor: number | null };
// An update decided, whose changes are told once the names they show are read (`parent`: the company it moves under).
export type CompanyUpdate = { row: Row; before: CompanyColumns; columns: CompanyColumns; parent: number | null };

// The database's companies with these SIRETs, names or ids, the rows' own and their parents'.
export async function existingCompanies(
  db: Executor,
  updated: UpdatedRecords<ExistingCompany, 'siret' | 'name' | 'id'>,
  valid: CompanyCells[],
) {
  const refs = valid.map(({ parentRef }) => parentRef).filter((ref): ref is string => ref !== undefined);
  const sirets = new Set([
    ...valid.map(({ values }) => values.registration_id).filter((v): v is string => v !== undefined),
    ...refs.filter(isSiretRef).map(compact),
  ]);
  const names = new Set([
    ...valid
      .map(({ values }) => values.name)
      .filter((v): v is string => v !== undefined)
      .map(foldName),
    ...refs.filter((ref) => !isSiretRef(ref)).map(foldName),
  ]);
  const ids = new Set(
    valid
      .map(({ id }) => id)
      .filter((id): id is number => id !== undefined)
      .map(String),
  );
  const select = () => db.selectFrom('company').select(companyColumnsSelect);
  const bySiret = new Map<string, ExistingCompany>();
  const byName = new Map<string, ExistingCompany>();
  const byId = new Map<number, ExistingCompany>();
  const withSirets = await found(sirets, (part) => select().where('registration_id', 'in', part).execute());
  for (const company of updated.asBefore('siret', withSirets, sirets)) bySiret.set(company.registration_id, company);
  const withNames = await found(names, (part) => select().where(sql.ref('name_key'), 'in', part).execute());
  for (const company of updated.asBefore('name', withNames, names)) byName.set(foldName(company.name), company);
  const withIds = await found(ids, (part) => select().where('id', 'in', part.map(Number)).execute());
  for (const company of updated.asBefore('id', withIds, ids)) byId.set(company.id, company);
  return { bySiret, byName, byId };
}
