import {
  companyStorePayloadSchema,
  contactStorePayloadSchema,
  guessMapping,
  importFields,
  importMessages,
  IMPORT_PREVIEW_ROWS,
  isValidRegistrationId,
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
import { csvRecords, type CsvFile } from './read-csv-file';

// The dry run of an import: every row read with the forms' own field schemas and the rules of the records
// (owner, company, duplicates in the file and in the database), and what the import would do with it. The file is
// read and planned a chunk of rows at a time, in its order; from one chunk to the next only the keys a later row
// may duplicate are kept (and the records updated). The import runs the same plan inside its one transaction and
// writes each chunk as soon as it is planned: a failure anywhere still leaves nothing written.

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

// The folding of the database's name keys (lower case, accents off), for names compared in memory.
const foldMap = new Map([...SORTABLE_FROM].map((char, i) => [char, SORTABLE_TO[i]]));
const foldable = new RegExp(`[${SORTABLE_FROM}]`, 'g');
export const foldName = (text: string): string => text.toLowerCase().replace(foldable, (char) => foldMap.get(char) ?? char);

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

// Database look-ups take their keys this many at a time.
const QUERY_BATCH = 500;
function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += QUERY_BATCH) out.push(items.slice(i, i + QUERY_BATCH));
  return out;
}
// The records a query finds for these keys, QUERY_BATCH keys a statement.
async function found<K, R>(keys: Iterable<K>, query: (part: K[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (const part of batches([...keys])) out.push(...(await query(part)));
  return out;
}

// The file is planned (and, by the import, written) this many rows at a time.
export const ROWS_PER_CHUNK = 500;

// A key kept from one chunk to the next, as a string of its own: a cell is a slice of the piece of the file it was
// read from, and would keep that whole piece in memory.
const ownCopy = (key: string) => Buffer.from(key).toString();

type Row = { line: number; cells: string[]; problems: ImportProblem[] };
type Frame = {
  // A mapped field's cell as typed (undefined: the field is not mapped).
  cell: (row: Row, key: string) => string | undefined;
  // The header of a field's column, or its label.
  columnOf: (key: string) => string;
};
// A chunk's rows checked (their problems pushed on them): what to write, and how many existing records are left as
// they are.
type ChunkPlan<C> = { writes: PlannedWrite<C>[]; skipped: number };
// What the import does with each chunk's writes, before the next chunk is read (the dry run: nothing).
export type WriteChunk<C> = (writes: PlannedWrite<C>[]) => Promise<void>;
export type PlanReport = Omit<ImportReport, 'id'>;

// What is common to both kinds: the header and the mapping, the file's rows read a chunk at a time and checked by
// `planChunk`, their writes handed to `write`, and the report's counters, problems and rejected rows.
async function planInChunks<C>(
  kind: ImportKind,
  file: CsvFile,
  requested: ImportMapping | undefined,
  planner: (frame: Frame) => (rows: Row[]) => Promise<ChunkPlan<C>>,
  write: WriteChunk<C> | undefined,
): Promise<PlanReport> {
  const records = csvRecords(file);
  try {
    const first = await records.next();
    const header = first.done === true ? undefined : first.value;
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
    // A problem of the file itself rejects every row, and nothing is written.
    const blocked = fileProblems.length > 0;
    const cell = (row: Row, key: string): string | undefined => (mapping[key] === undefined ? undefined : clean(row.cells[mapping[key]]));
    const planChunk = planner({ cell, columnOf });

    const report: PlanReport = {
      kind,
      encoding: file.encoding,
      separator: file.separator,
      headers,
      mapping,
      preview: [],
      rows: 0,
      created: 0,
      updated: 0,
      skipped: 0,
      rejected: 0,
      problems: [...fileProblems],
      rejectedRows: [],
    };
    const reason = (row: Row) => [...fileProblems, ...row.problems].map((p) => (p.column === null ? p.message : `${p.column} : ${p.message}`)).join(' ; ');
    let rows: Row[] = [];
    const planRows = async () => {
      const { writes, skipped } = await planChunk(rows);
      for (const row of rows) {
        for (const problem of row.problems) report.problems.push(problem);
        if (blocked || row.problems.length > 0) report.rejectedRows.push({ line: row.line, cells: row.cells, reason: reason(row) });
      }
      report.rejected = report.rejectedRows.length;
      rows = [];
      if (blocked) return;
      for (const planned of writes) {
        if (planned.action === 'create') report.created += 1;
        else report.updated += 1;
      }
      report.skipped += skipped;
      if (write !== undefined && writes.length > 0) await write(writes);
    };
    for await (const record of records) {
      if (report.preview.length < IMPORT_PREVIEW_ROWS) report.preview.push(record.cells);
      report.rows += 1;
      rows.push({ line: record.line, cells: record.cells, problems: [] });
      if (rows.length === ROWS_PER_CHUNK) await planRows();
    }
    if (rows.length > 0) await planRows();
    return report;
  } finally {
    await records.return(undefined);
  }
}

// The records updated by the plan's earlier chunks, as they were before the import, by id and by each key they are
// looked up by. A later chunk finds them by what they held then, not by what the import wrote: the import writes
// what the dry run reported. The records the import created need no such care: a row sharing a key with one is a
// duplicate in the file.
class UpdatedRecords<R extends { id: number }, K extends string> {
  private readonly byId = new Map<number, R>();
  private readonly byKey = new Map<K, Map<string, R[]>>();

  constructor(private readonly keysOf: Record<K, (record: R) => string | null>) {}

  add(record: R): void {
    if (this.byId.has(record.id)) return;
    this.byId.set(record.id, record);
    for (const [kind, keyOf] of Object.entries(this.keysOf) as [K, (record: R) => string | null][]) {
      const key = keyOf(record);
      if (key === null) continue;
      const index = this.byKey.get(kind) ?? new Map<string, R[]>();
      this.byKey.set(kind, index);
      index.set(key, [...(index.get(key) ?? []), record]);
    }
  }

  // The records a look-up by `kind` found in the database for `keys`, as they were before the import.
  asBefore(kind: K, found: R[], keys: Iterable<string>): R[] {
    const out = found.filter((record) => !this.byId.has(record.id));
    const index = this.byKey.get(kind);
    if (index === undefined) return out;
    const added = new Set<R>();
    for (const key of keys) {
      for (const record of index.get(key) ?? []) {
        if (!added.has(record)) out.push(record);
        added.add(record);
      }
    }
    return out;
  }
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

type ExistingCompany = CompanyColumns & { id: number; is_active: boolean };

export async function planCompanies(
  db: Executor,
  actor: Actor,
  file: CsvFile,
  requested: ImportMapping | undefined,
  onExisting: OnExisting,
  write?: WriteChunk<CompanyColumns>,
): Promise<PlanReport> {
  const shape = companyStorePayloadSchema.shape;
  const users = await usersByTrigram(db);
  // Kept from one chunk to the next: the first line of each SIRET and name of the file, and the companies updated.
  const firstBySiret = new Map<string, number>();
  const firstByName = new Map<string, number>();
  const updated = new UpdatedRecords<ExistingCompany, 'siret' | 'name'>({ siret: (c) => c.registration_id, name: (c) => foldName(c.name) });

  return planInChunks('companies', file, requested, ({ cell, columnOf }) => async (rows) => {
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
    for (const { row, values } of parsed) {
      if (row.problems.length > 0) continue;
      const bySiret = values.registration_id === undefined ? undefined : firstBySiret.get(values.registration_id);
      const byName = values.name === undefined ? undefined : firstByName.get(foldName(values.name));
      if (bySiret !== undefined) row.problems.push({ line: row.line, column: columnOf('registrationId'), message: importMessages.duplicateInFile(bySiret) });
      else if (byName !== undefined) row.problems.push({ line: row.line, column: columnOf('name'), message: importMessages.duplicateInFile(byName) });
      else {
        if (values.registration_id !== undefined) firstBySiret.set(ownCopy(values.registration_id), row.line);
        if (values.name !== undefined) firstByName.set(ownCopy(foldName(values.name)), row.line);
      }
    }

    // The database's companies with these SIRETs or these names.
    const valid = parsed.filter(({ row }) => row.problems.length === 0);
    const sirets = new Set(valid.map(({ values }) => values.registration_id).filter((v): v is string => v !== undefined));
    const names = new Set(valid.map(({ values }) => values.name).filter((v): v is string => v !== undefined).map(foldName));
    const bySiret = new Map<string, ExistingCompany>();
    const byName = new Map<string, ExistingCompany>();
    const withSirets = await found(sirets, (part) => db.selectFrom('company').select(companyColumnsSelect).where('registration_id', 'in', part).execute());
    for (const company of updated.asBefore('siret', withSirets, sirets)) bySiret.set(company.registration_id, company);
    const withNames = await found(names, (part) => db.selectFrom('company').select(companyColumnsSelect).where(sql.ref('name_key'), 'in', part).execute());
    for (const company of updated.asBefore('name', withNames, names)) byName.set(foldName(company.name), company);

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
      else {
        writes.push({ action: 'update', line: row.line, id: existing.id, columns, before });
        updated.add(existing);
      }
    }
    return { writes, skipped };
  }, write);
}

const contactColumnsSelect = ['id', 'title', 'first_name', 'last_name', 'job_title', 'email', 'phone', 'company_id', 'owner_id'] as const;

type ExistingContact = ContactColumns & { id: number };
type NamedCompany = { id: number; is_active: boolean };

export async function planContacts(
  db: Executor,
  actor: Actor,
  file: CsvFile,
  requested: ImportMapping | undefined,
  onExisting: OnExisting,
  write?: WriteChunk<ContactColumns>,
): Promise<PlanReport> {
  const shape = contactStorePayloadSchema.shape;
  const users = await usersByTrigram(db);
  // Kept from one chunk to the next: the companies the file names, by SIRET or folded name (null: none such); the
  // first line of each e-mail, phone and name of the file; the contacts updated.
  const companies = new Map<string, NamedCompany | null>();
  const seen = { email: new Map<string, number>(), phone: new Map<string, number>(), name: new Map<string, number>() };

  // A company cell's key: a SIRET (14 digits, Luhn-checked), or a name.
  const compact = (ref: string) => ref.replace(/\s+/g, '');
  const companyKey = (ref: string) => (isValidRegistrationId(compact(ref)) ? compact(ref) : foldName(ref));
  // A contact's name in its company, folded.
  const nameKey = (values: Partial<ContactColumns>) =>
    values.company_id === undefined || values.company_id === null || values.first_name === undefined || values.last_name === undefined
      ? null
      : `${values.company_id}|${foldName(values.last_name)}|${foldName(values.first_name)}`;
  const updated = new UpdatedRecords<ExistingContact, 'email' | 'phone' | 'name'>({
    email: (c) => c.email?.toLowerCase() ?? null,
    phone: (c) => c.phone,
    name: (c) => nameKey(c),
  });

  return planInChunks('contacts', file, requested, ({ cell, columnOf }) => async (rows) => {
    // The companies the rows name, each looked up once for the whole file.
    const refs = rows.map((row) => cell(row, 'company') ?? '').filter((value) => value !== '' && !companies.has(companyKey(value)));
    const sirets = [...new Set(refs.map(compact).filter(isValidRegistrationId))];
    const names = [...new Set(refs.filter((value) => !isValidRegistrationId(compact(value))).map(foldName))];
    for (const key of [...sirets, ...names]) companies.set(ownCopy(key), null);
    for (const company of await found(sirets, (part) => db.selectFrom('company').select(['id', 'registration_id', 'is_active']).where('registration_id', 'in', part).execute())) {
      companies.set(company.registration_id, company);
    }
    for (const company of await found(names, (part) => db.selectFrom('company').select(['id', 'name', 'is_active']).where(sql.ref('name_key'), 'in', part).execute())) {
      companies.set(foldName(company.name), company);
    }

    type Parsed = { row: Row; values: Partial<ContactColumns>; companyChecked: NamedCompany | null | undefined };
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
          const company = companies.get(companyKey(companyRef));
          if (company === undefined || company === null) row.problems.push({ line: row.line, column: columnOf('company'), message: importMessages.unknownCompany });
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
      for (const key of ['email', 'phone', 'name'] as const) if (keys[key] !== null) seen[key].set(ownCopy(keys[key] ?? ''), row.line);
    }

    // The database's contacts with these e-mails, phones, or names in these companies.
    const valid = parsed.filter(({ row }) => row.problems.length === 0);
    const byEmail = new Map<string, ExistingContact>();
    const byPhone = new Map<string, ExistingContact>();
    const byName = new Map<string, ExistingContact>();
    const emails = new Set(valid.map(({ values }) => values.email?.toLowerCase()).filter((v): v is string => typeof v === 'string'));
    const withEmails = await found(emails, (part) => db.selectFrom('contact').select(contactColumnsSelect).where(sql`lower(email)`, 'in', part).execute());
    for (const contact of updated.asBefore('email', withEmails, emails)) {
      if (contact.email !== null) byEmail.set(contact.email.toLowerCase(), contact);
    }
    const phones = new Set(valid.map(({ values }) => values.phone).filter((v): v is string => typeof v === 'string'));
    const withPhones = await found(phones, (part) => db.selectFrom('contact').select(contactColumnsSelect).where('phone', 'in', part).execute());
    for (const contact of updated.asBefore('phone', withPhones, phones)) {
      if (contact.phone !== null && !byPhone.has(contact.phone)) byPhone.set(contact.phone, contact);
    }
    // Looked up by their companies and folded names (the table's name_key: last name, a space, first name).
    const named = valid.map(({ values }) => values).filter((values) => nameKey(values) !== null);
    const nameKeys = new Set(named.map((values) => nameKey(values) as string));
    const withNames: ExistingContact[] = [];
    for (const part of batches(named)) {
      const companyIds = [...new Set(part.map((values) => values.company_id as number))];
      const folded = [...new Set(part.map((values) => `${foldName(values.last_name ?? '')} ${foldName(values.first_name ?? '')}`))];
      withNames.push(...(await db.selectFrom('contact').select(contactColumnsSelect).where('company_id', 'in', companyIds).where(sql.ref('name_key'), 'in', folded).execute()));
    }
    for (const contact of updated.asBefore('name', withNames, nameKeys)) {
      const key = nameKey(contact);
      if (key !== null && nameKeys.has(key) && !byName.has(key)) byName.set(key, contact);
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
      updated.add(existing);
    }
    return { writes, skipped };
  }, write);
}
