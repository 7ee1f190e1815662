import { companyStorePayloadSchema, type ImportFieldKey } from '@bo/contracts/all';
import { checked, idOf, importPhone, ownerOf, type usersByTrigram } from './cells';
import type { Frame, Row } from './chunks';
import type { CompanyColumns } from './columns';

// The import field of each column of a company.

export const companyFieldOf: Record<keyof CompanyColumns, ImportFieldKey<'companies'>> = {
  name: 'name',
  registration_id: 'registrationId',
  parent_id: 'parent',
  address: 'address',
  postal_code: 'postalCode',
  city: 'city',
  phone: 'phone',
  website: 'website',
  sector: 'sector',
  owner_id: 'owner',
};

// A row of a companies file read with the company form's schemas: its columns, its « Identifiant » and its parent cell.
export type CompanyCells = {
  row: Row;
  values: Partial<CompanyColumns>;
  id: number | undefined;
  parentRef: string | undefined;
};
export function readCompanyRow(
  row: Row,
  { cell, columnOf }: Pick<Frame, 'cell' | 'columnOf'>,
  users: Awaited<ReturnType<typeof usersByTrigram>>,
): CompanyCells {
  const shape = companyStorePayloadSchema.shape;
  const values: Partial<CompanyColumns> = {};
  row.label = cell(row, 'name') ?? '';
  const text = (
    key: 'name' | 'address' | 'city' | 'sector' | 'website' | 'postalCode',
    column: keyof CompanyColumns,
  ) => {
    const value = cell(row, key);
    if (value !== undefined) {
      const out = checked(row, shape[key], value, columnOf(key));
      if (out !== undefined) Object.assign(values, { [column]: out });
    }
  };
  text('name', 'name');
  const siret = cell(row, 'registrationId');
  if (siret !== undefined) {
    const out = checked(row, shape.registrationId, siret, columnOf('registrationId'));
    if (out !== undefined) values.registration_id = out;
  }
  text('address', 'address');
  text('postalCode', 'postal_code');
  text('city', 'city');
  const phone = cell(row, 'phone');
  if (phone !== undefined) {
    const out = checked(row, shape.phone, phone === '' ? '' : importPhone(phone), columnOf('phone'));
    if (out !== undefined) values.phone = out;
  }
  text('website', 'website');
  text('sector', 'sector');
  const owner = ownerOf(row, cell(row, 'owner'), users, columnOf('owner'), undefined);
  if (owner !== undefined) values.owner_id = owner;
  const parentRef = cell(row, 'parent');
  return {
    row,
    values,
    id: idOf(row, cell(row, 'id'), columnOf('id')),
    parentRef: parentRef === '' ? undefined : parentRef,
  };
}
