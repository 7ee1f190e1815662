import { contactStorePayloadSchema, importMessages, type ImportFieldKey } from '@bo/contracts/all';
import type { Selectable } from 'kysely';
import type { CompanyTable } from '../../db/database';
import { checked, idOf, importPhone, importTitle, ownerOf, type usersByTrigram } from './cells';
import type { Frame, Row } from './chunks';
import type { ContactColumns } from './columns';

// The import field of each column of a contact.

export const contactFieldOf: Record<keyof ContactColumns, ImportFieldKey<'contacts'>> = {
  title: 'title',
  first_name: 'firstName',
  last_name: 'lastName',
  job_title: 'jobTitle',
  email: 'email',
  phone: 'phone',
  company_id: 'company',
  owner_id: 'owner',
};

// A company a contact's cell names, as the plan checks it.
export type NamedCompany = Pick<Selectable<CompanyTable>, 'id' | 'name' | 'is_active'>;

// A row of a contacts file read with the contact form's schemas: its columns, its « Identifiant » and the company its
// cell names (null: an empty cell).
export type ContactCells = {
  row: Row;
  values: Partial<ContactColumns>;
  id: number | undefined;
  companyChecked: NamedCompany | null | undefined;
};
// `companyOf`: the company a company cell names (null or undefined: none such).
export function readContactRow(
  row: Row,
  { cell, columnOf }: Pick<Frame, 'cell' | 'columnOf'>,
  users: Awaited<ReturnType<typeof usersByTrigram>>,
  companyOf: (ref: string) => NamedCompany | null | undefined,
): ContactCells {
  const shape = contactStorePayloadSchema.shape;
  const values: Partial<ContactColumns> = {};
  row.label = [cell(row, 'firstName'), cell(row, 'lastName')].filter((part) => !!part).join(' ');
  const title = cell(row, 'title');
  if (title !== undefined) {
    const out = checked(row, shape.title, importTitle(title), columnOf('title'));
    if (out !== undefined) values.title = out;
    else if (title !== '') row.problems[row.problems.length - 1].message = importMessages.unknownTitle;
  }
  const text = (key: 'firstName' | 'lastName' | 'jobTitle' | 'email', column: keyof ContactColumns) => {
    const value = cell(row, key);
    if (value !== undefined) {
      const out = checked(row, shape[key], value, columnOf(key));
      if (out !== undefined) Object.assign(values, { [column]: out });
    }
  };
  text('lastName', 'last_name');
  text('firstName', 'first_name');
  text('jobTitle', 'job_title');
  text('email', 'email');
  const phone = cell(row, 'phone');
  if (phone !== undefined) {
    const out = checked(row, shape.phone, phone === '' ? '' : importPhone(phone), columnOf('phone'));
    if (out !== undefined) values.phone = out;
  }
  let companyChecked: ContactCells['companyChecked'];
  const companyRef = cell(row, 'company');
  if (companyRef !== undefined) {
    if (companyRef === '') {
      values.company_id = null;
      companyChecked = null;
    } else {
      const company = companyOf(companyRef);
      if (company === undefined || company === null)
        row.problems.push({
          line: row.line,
          column: columnOf('company'),
          message: importMessages.unknownCompany,
        });
      else {
        values.company_id = company.id;
        companyChecked = company;
      }
    }
  }
  const owner = ownerOf(row, cell(row, 'owner'), users, columnOf('owner'), undefined);
  if (owner !== undefined) values.owner_id = owner;
  return { row, values, id: idOf(row, cell(row, 'id'), columnOf('id')), companyChecked };
}
