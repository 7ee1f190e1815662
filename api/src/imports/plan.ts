import {
  companyStorePayloadSchema,
  contactStorePayloadSchema,
  guessMapping,
  importFields,
  importMessages,
  IMPORT_PREVIEW_ROWS,
  isValidRegistrationId,
  type CsvRecord,
  type ImportKind,
  type ImportMapping,
  type ImportProblem,
  type ImportReport,
  type OnExisting,
  type PersonTitle,
} from '@bo/contracts/all';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Executor } from '../db/database';
import type { Actor } from '../domain/actor';
import { AppError } from '../errors';
import { SORTABLE_FROM, SORTABLE_TO } from '../repositories/mapping';
import type { CsvFile } from './read-csv-file';

// The dry run of an import: every row read with the forms' own field schemas and the rules of the records
// (owner, company, duplicates in the file and in the database), and what the import would do with it. The import
// runs the same plan inside its transaction, then writes it.

// Columns of the company and contact tables an import writes (the values an update replaces are kept as these).
export type CompanyColumns = {
  name: string;
  registration_id: string;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  phone: string | null;
  website: string | null;
  sector: string | null;
  owner_id: number;
};
export type ContactColumns = {
  title: string;
  first_name: string;
  last_name: string;
  job_title: string | null;
  email: string | null;
  phone: string | null;
  company_id: number | null;
  owner_id: number;
};

export type PlannedWrite<C> =
  | { action: 'create'; line: number; columns: C }
  | { action: 'update'; line: number; id: number; columns: C; before: C };

export type ImportPlan<C> = { report: Omit<ImportReport, 'id'>; writes: PlannedWrite<C>[] };

// The folding of the database's name keys (lower case, accents off), for names compared in memory.
const foldMap = new Map([...SORTABLE_FROM].map((char, i) => [char, SORTABLE_TO[i]]));
export const foldName = (text: string): string => [...text.toLowerCase()].map((char) => foldMap.get(char) ?? char).join('');

// A cell as typed: trimmed; the quote mark our exports put before a formula-like text taken off.
const clean = (value: string | undefined): string => {
  const text = (value ?? '').trim();
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
};

// A French phone as people type it (06 12 34 56 78, +33 6…) in the form the forms take (0033…).
export function importPhone(value: string): string {
  const compact = value.replace(/[\s.-]/g, '');
  if (/^\+33\d{9}$/.test(compact)) return `0033${compact.slice(3)}`;
  if (/^0[1-9]\d{8}$/.test(compact)) return `0033${compact.slice(1)}`;
  return compact;
}

const titles: Record<string, PersonTitle> = {
  m: 'mister',
  mr: 'mister',
  monsieur: 'mister',
  mister: 'mister',
  mme: 'madam',
  madame: 'madam',
  madam: 'madam',
  mlle: 'miss',
  melle: 'miss',
  mademoiselle: 'miss',
  miss: 'miss',
};
const importTitle = (value: string): string => titles[foldName(value).replace(/[.\s]/g, '')] ?? value;

const CHUNK = 500;
function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

type Row = { line: number; cells: string[]; problems: ImportProblem[] };

// What is common to both kinds: the header, the mapping, the rows, the report's counters.
function frame(kind: ImportKind, file: CsvFile, requested: ImportMapping | undefined) {
  const [header, ...records] = file.records;
  const headers = (header?.cells ?? []).map((cell) => cell.trim());
  const fields = importFields[kind];
  const mapping: ImportMapping = {};
  for (const [key, index] of Object.entries(requested ?? guessMapping(kind, headers))) {
    if (!fields.some((field) => field.key === key) || index >= headers.length) throw new AppError('dataInvalid', { field: 'mapping' });
    mapping[key] = index;
  }
  const label = (key: string) => fields.find((field) => field.key === key)?.label ?? key;
  const columnOf = (key: string) => (mapping[key] === undefined ? label(key) : headers[mapping[key]] || label(key));
  const fileProblems: ImportProblem[] = [];
  if (header === undefined) fileProblems.push({ line: 1, column: null, message: importMessages.emptyFile });
  for (const field of fields) {
    if (field.required && mapping[field.key] === undefined && header !== undefined) {
      fileProblems.push({ line: 1, column: field.label, message: importMessages.missingColumn(field.label) });
    }
  }
  const rows: Row[] = records.map((record: CsvRecord) => ({ line: record.line, cells: record.cells, problems: [] }));
  const cell = (row: Row, key: string): string | undefined => (mapping[key] === undefined ? undefined : clean(row.cells[mapping[key]]));
  const report = (writes: PlannedWrite<unknown>[], skipped: number): Omit<ImportReport, 'id'> => {
    const rejected = fileProblems.length > 0 ? rows : rows.filter((row) => row.problems.length > 0);
    const reason = (row: Row) => [...fileProblems, ...row.problems].map((p) => (p.column === null ? p.message : `${p.column} : ${p.message}`)).join(' ; ');
    return {
      kind,
      encoding: file.encoding,
      separator: file.separator,
      headers,
      mapping,
      preview: records.slice(0, IMPORT_PREVIEW_ROWS).map((record) => record.cells),
      rows: rows.length,
      created: writes.filter((write) => write.action === 'create').length,
      updated: writes.filter((write) => write.action === 'update').length,
      skipped,
      rejected: rejected.length,
      problems: [...fileProblems, ...rows.flatMap((row) => row.problems)],
      rejectedRows: rejected.map((row) => ({ line: row.line, cells: row.cells, reason: reason(row) })),
    };
  };
  return { mapping, rows, cell, columnOf, report, blocked: fileProblems.length > 0 };
}

// One mapped field through its form schema: its value, or a problem on its column.
function checked<S extends z.ZodType>(row: Row, schema: S, value: unknown, column: string): z.output<S> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  row.problems.push({ line: row.line, column, message: result.error.issues[0]?.message ?? 'Entrée non valide' });
  return undefined;
}

async function usersByTrigram(db: Executor) {
  const users = await db.selectFrom('app_user').select(['id', 'trigram', 'is_active']).execute();
  return new Map(users.map((user) => [user.trigram.toUpperCase(), user]));
}

// The owner a row names by trigram; none named: `fallback`.
function ownerOf(row: Row, value: string | undefined, users: Awaited<ReturnType<typeof usersByTrigram>>, column: string, fallback: number | undefined) {
  if (value === undefined || value === '') return fallback;
  const user = users.get(value.toUpperCase());
  if (user === undefined) row.problems.push({ line: row.line, column, message: importMessages.unknownOwner });
  else if (!user.is_active) row.problems.push({ line: row.line, column, message: importMessages.inactiveOwner });
  return user?.id;
}

const same = <C extends Record<string, unknown>>(a: C, b: C) => Object.keys(a).every((key) => a[key] === b[key]);

// An update takes the cells that say something: an empty cell of a mapped column keeps what the record holds (a
// spreadsheet's blank is a value not known, not a value to erase).
const filledOnly = <C extends Record<string, unknown>>(values: Partial<C>): Partial<C> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== '')) as Partial<C>;

const companyColumnsSelect = ['id', 'name', 'registration_id', 'address', 'postal_code', 'city', 'phone', 'website', 'sector', 'owner_id', 'is_active'] as const;

export async function planCompanies(db: Executor, actor: Actor, file: CsvFile, requested: ImportMapping | undefined, onExisting: OnExisting): Promise<ImportPlan<CompanyColumns>> {
  const { rows, cell, columnOf, report, blocked } = frame('companies', file, requested);
  const shape = companyStorePayloadSchema.shape;
  const users = await usersByTrigram(db);
  type Parsed = { row: Row; values: Partial<CompanyColumns> };
  const parsed: Parsed[] = rows.map((row) => {
    const values: Partial<CompanyColumns> = {};
    const text = (key: 'name' | 'address' | 'city' | 'sector' | 'website' | 'postalCode', column: keyof CompanyColumns) => {
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
    return { row, values };
  });

  // Duplicates inside the file: the same SIRET, or the same name, as an earlier row.
  const firstBySiret = new Map<string, number>();
  const firstByName = new Map<string, number>();
  for (const { row, values } of parsed) {
    if (row.problems.length > 0) continue;
    const bySiret = values.registration_id === undefined ? undefined : firstBySiret.get(values.registration_id);
    const byName = values.name === undefined ? undefined : firstByName.get(foldName(values.name));
    if (bySiret !== undefined) row.problems.push({ line: row.line, column: columnOf('registrationId'), message: importMessages.duplicateInFile(bySiret) });
    else if (byName !== undefined) row.problems.push({ line: row.line, column: columnOf('name'), message: importMessages.duplicateInFile(byName) });
    else {
      if (values.registration_id !== undefined) firstBySiret.set(values.registration_id, row.line);
      if (values.name !== undefined) firstByName.set(foldName(values.name), row.line);
    }
  }

  // The database's companies with these SIRETs or these names.
  const valid = parsed.filter(({ row }) => row.problems.length === 0);
  type Existing = Pick<CompanyColumns, keyof CompanyColumns> & { id: number; is_active: boolean };
  const bySiret = new Map<string, Existing>();
  const byName = new Map<string, Existing>();
  for (const part of chunks(valid.map(({ values }) => values.registration_id).filter((v): v is string => v !== undefined))) {
    for (const company of await db.selectFrom('company').select(companyColumnsSelect).where('registration_id', 'in', part).execute()) bySiret.set(company.registration_id, company);
  }
  for (const part of chunks(valid.map(({ values }) => values.name).filter((v): v is string => v !== undefined).map(foldName))) {
    const found = await db.selectFrom('company').select(companyColumnsSelect).where(sql.ref('name_key'), 'in', part).execute();
    for (const company of found) byName.set(foldName(company.name), company);
  }

  const writes: PlannedWrite<CompanyColumns>[] = [];
  let skipped = 0;
  for (const { row, values } of valid) {
    if (values.registration_id === undefined || values.name === undefined) continue;
    const existing = bySiret.get(values.registration_id);
    const namesake = byName.get(foldName(values.name));
    if (namesake !== undefined && namesake.id !== existing?.id) {
      row.problems.push({ line: row.line, column: columnOf('name'), message: importMessages.existingName });
      continue;
    }
    if (existing === undefined) {
      writes.push({
        action: 'create',
        line: row.line,
        columns: {
          name: values.name,
          registration_id: values.registration_id,
          address: values.address ?? null,
          postal_code: values.postal_code ?? null,
          city: values.city ?? null,
          phone: values.phone ?? null,
          website: values.website ?? null,
          sector: values.sector ?? null,
          owner_id: values.owner_id ?? actor.id,
        },
      });
      continue;
    }
    const before: CompanyColumns = {
      name: existing.name,
      registration_id: existing.registration_id,
      address: existing.address,
      postal_code: existing.postal_code,
      city: existing.city,
      phone: existing.phone,
      website: existing.website,
      sector: existing.sector,
      owner_id: existing.owner_id,
    };
    // Update: the mapped fields with a value only; the rest of the record stays as it is.
    const columns = { ...before, ...filledOnly(values) };
    if (onExisting === 'skip' || same(before, columns)) skipped += 1;
    else writes.push({ action: 'update', line: row.line, id: existing.id, columns, before });
  }
  return { report: report(blocked ? [] : writes, blocked ? 0 : skipped), writes: blocked ? [] : writes };
}

const contactColumnsSelect = ['id', 'title', 'first_name', 'last_name', 'job_title', 'email', 'phone', 'company_id', 'owner_id'] as const;

export async function planContacts(db: Executor, actor: Actor, file: CsvFile, requested: ImportMapping | undefined, onExisting: OnExisting): Promise<ImportPlan<ContactColumns>> {
  const { rows, cell, columnOf, report, blocked } = frame('contacts', file, requested);
  const shape = contactStorePayloadSchema.shape;
  const users = await usersByTrigram(db);

  // The companies the rows name, by SIRET (14 digits, Luhn-checked) or by name.
  const companyRefs = rows.map((row) => cell(row, 'company') ?? '').filter((value) => value !== '');
  const sirets = companyRefs.map((value) => value.replace(/\s+/g, '')).filter(isValidRegistrationId);
  const names = companyRefs.filter((value) => !isValidRegistrationId(value.replace(/\s+/g, ''))).map(foldName);
  const companies = new Map<string, { id: number; is_active: boolean }>();
  for (const part of chunks([...new Set(sirets)])) {
    for (const company of await db.selectFrom('company').select(['id', 'registration_id', 'is_active']).where('registration_id', 'in', part).execute()) {
      companies.set(company.registration_id, company);
    }
  }
  for (const part of chunks([...new Set(names)])) {
    for (const company of await db.selectFrom('company').select(['id', 'name', 'is_active']).where(sql.ref('name_key'), 'in', part).execute()) {
      companies.set(foldName(company.name), company);
    }
  }

  type Parsed = { row: Row; values: Partial<ContactColumns>; companyChecked: { id: number; is_active: boolean } | null | undefined };
  const parsed: Parsed[] = rows.map((row) => {
    const values: Partial<ContactColumns> = {};
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
    let companyChecked: Parsed['companyChecked'];
    const companyRef = cell(row, 'company');
    if (companyRef !== undefined) {
      if (companyRef === '') {
        values.company_id = null;
        companyChecked = null;
      } else {
        const compact = companyRef.replace(/\s+/g, '');
        const company = companies.get(isValidRegistrationId(compact) ? compact : foldName(companyRef));
        if (company === undefined) row.problems.push({ line: row.line, column: columnOf('company'), message: importMessages.unknownCompany });
        else {
          values.company_id = company.id;
          companyChecked = company;
        }
      }
    }
    const owner = ownerOf(row, cell(row, 'owner'), users, columnOf('owner'), undefined);
    if (owner !== undefined) values.owner_id = owner;
    return { row, values, companyChecked };
  });

  // Duplicates inside the file: the same e-mail, then the same phone, then the same name in the same company.
  const nameKey = (values: Partial<ContactColumns>) =>
    values.company_id === undefined || values.company_id === null || values.first_name === undefined || values.last_name === undefined
      ? null
      : `${values.company_id}|${foldName(values.last_name)}|${foldName(values.first_name)}`;
  const seen = { email: new Map<string, number>(), phone: new Map<string, number>(), name: new Map<string, number>() };
  for (const { row, values } of parsed) {
    if (row.problems.length > 0) continue;
    const keys = {
      email: values.email ? values.email.toLowerCase() : null,
      phone: values.phone ?? null,
      name: nameKey(values),
    };
    const earlier = (['email', 'phone', 'name'] as const).find((key) => keys[key] !== null && seen[key].has(keys[key] ?? ''));
    if (earlier !== undefined) {
      const column = columnOf(earlier === 'name' ? 'lastName' : earlier);
      row.problems.push({ line: row.line, column, message: importMessages.duplicateInFile(seen[earlier].get(keys[earlier] ?? '') ?? 0) });
      continue;
    }
    for (const key of ['email', 'phone', 'name'] as const) if (keys[key] !== null) seen[key].set(keys[key] ?? '', row.line);
  }

  // The database's contacts with these e-mails, phones, or names in these companies.
  const valid = parsed.filter(({ row }) => row.problems.length === 0);
  type Existing = ContactColumns & { id: number };
  const byEmail = new Map<string, Existing>();
  const byPhone = new Map<string, Existing>();
  const byName = new Map<string, Existing>();
  const emails = [...new Set(valid.map(({ values }) => values.email?.toLowerCase()).filter((v): v is string => typeof v === 'string'))];
  for (const part of chunks(emails)) {
    const found = await db.selectFrom('contact').select(contactColumnsSelect).where(sql`lower(email)`, 'in', part).execute();
    for (const contact of found) if (contact.email !== null) byEmail.set(contact.email.toLowerCase(), contact);
  }
  const phones = [...new Set(valid.map(({ values }) => values.phone).filter((v): v is string => typeof v === 'string'))];
  for (const part of chunks(phones)) {
    for (const contact of await db.selectFrom('contact').select(contactColumnsSelect).where('phone', 'in', part).execute()) {
      if (contact.phone !== null && !byPhone.has(contact.phone)) byPhone.set(contact.phone, contact);
    }
  }
  const companyIds = [...new Set(valid.map(({ values }) => values.company_id).filter((v): v is number => typeof v === 'number'))];
  for (const part of chunks(companyIds)) {
    for (const contact of await db.selectFrom('contact').select(contactColumnsSelect).where('company_id', 'in', part).execute()) {
      const key = nameKey(contact);
      if (key !== null && !byName.has(key)) byName.set(key, contact);
    }
  }

  const writes: PlannedWrite<ContactColumns>[] = [];
  let skipped = 0;
  for (const { row, values, companyChecked } of valid) {
    const existing =
      (values.email ? byEmail.get(values.email.toLowerCase()) : undefined) ??
      (values.phone ? byPhone.get(values.phone) : undefined) ??
      byName.get(nameKey(values) ?? '');
    if (existing === undefined) {
      if (values.title === undefined || values.first_name === undefined || values.last_name === undefined) continue;
      if (companyChecked && !companyChecked.is_active) {
        row.problems.push({ line: row.line, column: columnOf('company'), message: importMessages.inactiveCompany });
        continue;
      }
      writes.push({
        action: 'create',
        line: row.line,
        columns: {
          title: values.title,
          first_name: values.first_name,
          last_name: values.last_name,
          job_title: values.job_title ?? null,
          email: values.email ?? null,
          phone: values.phone ?? null,
          company_id: values.company_id ?? null,
          owner_id: values.owner_id ?? actor.id,
        },
      });
      continue;
    }
    const { id, ...before } = existing;
    const columns = { ...before, ...filledOnly(values) };
    if (onExisting === 'skip' || same(before, columns)) {
      skipped += 1;
      continue;
    }
    // The forms' rules on an update: an e-mail another contact has, a move to an inactive company.
    const emailOwner = columns.email === null ? undefined : byEmail.get(columns.email.toLowerCase());
    if (emailOwner !== undefined && emailOwner.id !== id) {
      row.problems.push({ line: row.line, column: columnOf('email'), message: 'Adresse email existante' });
      continue;
    }
    if (companyChecked && !companyChecked.is_active && columns.company_id !== before.company_id) {
      row.problems.push({ line: row.line, column: columnOf('company'), message: importMessages.inactiveCompany });
      continue;
    }
    writes.push({ action: 'update', line: row.line, id, columns, before });
  }
  return { report: report(blocked ? [] : writes, blocked ? 0 : skipped), writes: blocked ? [] : writes };
}
