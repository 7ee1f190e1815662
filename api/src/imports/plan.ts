import {
  can,
  companyStorePayloadSchema,
  contactStorePayloadSchema,
  csvCellText,
  formatPhone,
  formatRegistrationId,
  guessMapping,
  importFields,
  importMessages,
  IMPORT_PREVIEW_ROWS,
  IMPORT_REPORT_LINES,
  isValidRegistrationId,
  personTitleLabels,
  type ImportChange,
  type ImportFieldKey,
  type ImportKind,
  type ImportLine,
  type ImportLineFate,
  type ImportMapping,
  type ImportProblem,
  type ImportRecord,
  type ImportReport,
  type ImportWarning,
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
// (owner, company, parent, duplicates in the file and in the database), and what the import would do with it. The
// file is read and planned a chunk of rows at a time, in its order; from one chunk to the next only the keys a later
// row may name are kept (and the records updated). The import runs the same plan inside its one transaction and
// writes each chunk as soon as it is planned: a failure anywhere still leaves nothing written.
//
// A row is the existing record only by a key that identifies it: a contact's e-mail (case ignored), a company's
// SIRET, or the id of the file's « Identifiant » column, which must then agree with that key. A phone or a name
// alone identifies no one: such a row is created (or, for a contact that nothing identifies and whose name is
// already in its company, left out) with a « possible doublon » warning naming the record it resembles.

// Columns of the company and contact tables an import writes (the values an update replaces are kept as these).
export type CompanyColumns = {
  name: string;
  registration_id: string;
  parent_id: number | null;
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

// `parentLine`: the parent is the company the file's line of that number creates; its id is known once written.
export type PlannedWrite<C> =
  | { action: 'create'; line: number; columns: C; parentLine?: number }
  | { action: 'update'; line: number; id: number; columns: C; before: C; parentLine?: number };

// The folding of the database's name keys (lower case, accents off), for names compared in memory.
const foldMap = new Map([...SORTABLE_FROM].map((char, i) => [char, SORTABLE_TO[i]]));
const foldable = new RegExp(`[${SORTABLE_FROM}]`, 'g');
export const foldName = (text: string): string => text.toLowerCase().replace(foldable, (char) => foldMap.get(char) ?? char);

// A cell as typed: trimmed; the quote mark our exports put before a formula-like text taken off.
const clean = (value: string | undefined): string => csvCellText(value ?? '');

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
const titleLabels = new Map<string, string>(Object.entries(personTitleLabels));

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
const ownCopyOrNull = (value: string | null) => (value === null ? null : ownCopy(value));
const ownValues = <C extends Record<string, unknown>>(values: Partial<C>): Partial<C> =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? ownCopy(value) : value])) as Partial<C>;

// The id of an « Identifiant » cell: digits only.
const importId = (value: string): number | null => (/^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null);

type Row = {
  line: number;
  cells: string[];
  problems: ImportProblem[];
  // What the planner decided: undefined with problems (rejected), undefined without (kept back until the whole file
  // is read: a company whose parent comes later).
  fate?: Exclude<ImportLineFate, 'reject'>;
  label: string;
  record: ImportRecord | null;
  changes: ImportChange[];
  reasons: string[];
  warnings: ImportWarning[];
};
type Frame = {
  // A mapped field's cell as typed (undefined: the field is not mapped).
  cell: (row: Row, key: string) => string | undefined;
  // The header of a field's column, or its label.
  columnOf: (key: string) => string;
  // The records the import wrote already (none in a dry run): a look-up that finds one finds the file's own row.
  created: ReadonlySet<number>;
};
type Planner<C> = {
  // A chunk's rows checked (their problems pushed on them, their fate set, or kept back): what to write.
  chunk: (rows: Row[]) => Promise<PlannedWrite<C>[]>;
  // Once the whole file is read: the rows kept back, decided, and what to write for them.
  finish?: () => Promise<{ rows: Row[]; writes: PlannedWrite<C>[] }>;
};
// What the import does with each chunk's writes, before the next chunk is read (the dry run: nothing): the ids of
// the records it created.
export type WriteChunk<C> = (writes: PlannedWrite<C>[]) => Promise<number[]>;
export type PlanReport = Omit<ImportReport, 'id'>;

const problemText = (problem: ImportProblem) => (problem.column === null ? problem.message : `${problem.column} : ${problem.message}`);

// The lines the report details (IMPORT_REPORT_LINES): those that are not plain creations first, then plain
// creations in the room left, each kept with strings of its own; the others counted.
class ReportLines {
  private readonly detailed: ImportLine[] = [];
  private readonly plain: ImportLine[] = [];
  private more = 0;

  add(row: Row, fate: ImportLineFate, reasons: string[]): void {
    const list = fate === 'create' && row.warnings.length === 0 ? this.plain : this.detailed;
    if (list.length >= IMPORT_REPORT_LINES) {
      this.more += 1;
      return;
    }
    list.push({
      line: row.line,
      fate,
      label: ownCopy(row.label),
      record: row.record === null ? null : { id: row.record.id, label: ownCopy(row.record.label) },
      changes: row.changes.map((change) => ({ field: change.field, before: ownCopyOrNull(change.before), after: ownCopyOrNull(change.after) })),
      reasons: reasons.map(ownCopy),
      warnings: row.warnings.map((warning) => ({ ...warning, message: ownCopy(warning.message) })),
    });
  }

  result(): Pick<ImportReport, 'lines' | 'moreLines'> {
    const plain = this.plain.slice(0, IMPORT_REPORT_LINES - this.detailed.length);
    return {
      lines: [...this.detailed, ...plain].sort((a, b) => a.line - b.line),
      moreLines: this.more + this.plain.length - plain.length,
    };
  }
}

// What is common to both kinds: the header and the mapping, the file's rows read a chunk at a time and checked by
// the planner, their writes handed to `write`, and the report's counters, problems, rejected rows and lines.
async function planInChunks<C>(
  kind: ImportKind,
  file: CsvFile,
  requested: ImportMapping | undefined,
  planner: (frame: Frame) => Planner<C>,
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
    const created = new Set<number>();
    const plan = planner({ cell, columnOf, created });

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
      unchanged: 0,
      skipped: 0,
      rejected: 0,
      problems: [...fileProblems],
      rejectedRows: [],
      lines: [],
      moreLines: 0,
    };
    const lines = new ReportLines();
    const counters = { create: 'created', update: 'updated', unchanged: 'unchanged', skip: 'skipped' } as const;
    const account = async (rows: Row[], writes: PlannedWrite<C>[]) => {
      for (const row of rows) {
        for (const problem of row.problems) report.problems.push(problem);
        if (blocked || row.problems.length > 0) {
          const reasons = [...fileProblems, ...row.problems].map(problemText);
          report.rejectedRows.push({ line: row.line, cells: row.cells, reason: reasons.join(' ; ') });
          report.rejected += 1;
          lines.add(row, 'reject', reasons);
        } else if (row.fate !== undefined) {
          report[counters[row.fate]] += 1;
          lines.add(row, row.fate, row.reasons);
        }
      }
      if (blocked || write === undefined || writes.length === 0) return;
      for (const id of await write(writes)) created.add(id);
    };
    let rows: Row[] = [];
    const planRows = async () => {
      const chunk = rows;
      rows = [];
      await account(chunk, await plan.chunk(chunk));
    };
    const newRow = (line: number, cells: string[]): Row => ({ line, cells, problems: [], label: '', record: null, changes: [], reasons: [], warnings: [] });
    for await (const record of records) {
      if (report.preview.length < IMPORT_PREVIEW_ROWS) report.preview.push(record.cells);
      report.rows += 1;
      rows.push(newRow(record.line, record.cells));
      if (rows.length === ROWS_PER_CHUNK) await planRows();
    }
    if (rows.length > 0) await planRows();
    // The rows kept back were not counted yet; when the file itself is refused, they were rejected with the rest.
    if (plan.finish !== undefined && !blocked) {
      const last = await plan.finish();
      await account(last.rows, last.writes);
    }
    // In the file's order (the rows kept back come last otherwise).
    report.problems.sort((a, b) => a.line - b.line);
    report.rejectedRows.sort((a, b) => a.line - b.line);
    return { ...report, ...lines.result() };
  } finally {
    await records.return(undefined);
  }
}

// The records updated by the plan's earlier chunks, as they were before the import, by id and by each key they are
// looked up by. A later chunk finds them by what they held then, not by what the import wrote: the import writes
// what the dry run reported. The records the import created are left out of every look-up (as the dry run never
// finds them): a row sharing a key with one is a row of the file, found as such.
class UpdatedRecords<R extends { id: number }, K extends string> {
  private readonly byId = new Map<number, R>();
  private readonly byKey = new Map<K, Map<string, R[]>>();

  constructor(
    private readonly keysOf: Record<K, (record: R) => string | null>,
    private readonly created: ReadonlySet<number>,
  ) {}

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

  // An updated record as it was before the import.
  get(id: number): R | undefined {
    return this.byId.get(id);
  }

  // The records a look-up by `kind` found in the database for `keys`, as they were before the import.
  asBefore(kind: K, found: R[], keys: Iterable<string>): R[] {
    const out = found.filter((record) => !this.byId.has(record.id) && !this.created.has(record.id));
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

// The « Identifiant » cell of a row: its id, none (undefined), or a problem on its column.
function idOf(row: Row, value: string | undefined, column: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const id = importId(value);
  if (id === null) row.problems.push({ line: row.line, column, message: importMessages.invalidId });
  return id ?? undefined;
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

// The fields an update changes, each by its import field, with its values as a person reads them.
function changesOf<C extends Record<string, unknown>>(
  before: C,
  after: C,
  fieldOf: Record<keyof C & string, string>,
  shown: (column: keyof C & string, value: unknown) => string | null,
): ImportChange[] {
  return (Object.keys(fieldOf) as (keyof C & string)[])
    .filter((column) => before[column] !== after[column])
    .map((column) => ({ field: fieldOf[column], before: shown(column, before[column]), after: shown(column, after[column]) }));
}

// The records a row resembles, each once with every way it does: « possible doublon » warnings.
function resembles(row: Row, candidates: [ImportRecord | undefined, string][]): void {
  if (candidates.every(([record]) => record === undefined)) return;
  const byId = new Map<number, { record: ImportRecord; why: string[] }>();
  for (const [record, why] of candidates) {
    if (record === undefined) continue;
    const entry = byId.get(record.id) ?? { record, why: [] };
    entry.why.push(why);
    byId.set(record.id, entry);
  }
  for (const { record, why } of byId.values()) {
    row.warnings.push({ message: importMessages.possibleDuplicate(importMessages.record(record.label, record.id), why.join(', ')), record, line: null });
  }
}

// The same for earlier lines of the file.
function resemblesLines(row: Row, candidates: [number | undefined, string][]): void {
  if (candidates.every(([line]) => line === undefined)) return;
  const byLine = new Map<number, string[]>();
  for (const [line, why] of candidates) if (line !== undefined) byLine.set(line, [...(byLine.get(line) ?? []), why]);
  for (const [line, why] of byLine) row.warnings.push({ message: importMessages.possibleDuplicateOfLine(line, why.join(', ')), record: null, line });
}

const companyColumnsSelect = ['id', 'name', 'registration_id', 'parent_id', 'address', 'postal_code', 'city', 'phone', 'website', 'sector', 'owner_id', 'is_active'] as const;

type ExistingCompany = CompanyColumns & { id: number; is_active: boolean };

const companyFieldOf: Record<keyof CompanyColumns, ImportFieldKey<'companies'>> = {
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

const companyRecord = (company: { id: number; name: string }): ImportRecord => ({ id: company.id, label: company.name });
const companyText = (company: { id: number; name: string }) => importMessages.record(company.name, company.id);

// A company a parent cell names, as a number: an existing company by its id (> 0), a company the file creates by
// minus its line (< 0). NO_COMPANY: a line of the file that imports none (rejected), or no parent.
const NO_COMPANY = 0;

// A row of a companies file read and matched: the existing company it is (by SIRET), the existing company its
// parent cell names (by SIRET or name, as before the import), and that cell.
type CompanyCandidate = {
  row: Row;
  values: Partial<CompanyColumns>;
  existing: ExistingCompany | undefined;
  parentRef: string | undefined;
  parentDb: ExistingCompany | null;
};
type ParentFound = { company: number } | { problem: string } | { waitFor: number | null };
// An update decided, whose changes are told once the names they show are read (`parent`: the company it moves under).
type CompanyUpdate = { row: Row; before: CompanyColumns; columns: CompanyColumns; parent: number | null };

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
  const trigrams = new Map([...users.values()].map((user) => [user.id, user.trigram]));
  // A parent cell's key: a SIRET (14 digits, Luhn-checked), or a name, folded.
  const compact = (ref: string) => ref.replace(/\s+/g, '');
  const isSiretRef = (ref: string) => isValidRegistrationId(compact(ref));
  const refKey = (ref: string) => (isSiretRef(ref) ? compact(ref) : foldName(ref));

  return planInChunks(
    'companies',
    file,
    requested,
    ({ cell, columnOf, created }) => {
      // Kept from one chunk to the next: the first line of each SIRET, name and id of the file; the companies updated.
      const firstBySiret = new Map<string, number>();
      const firstByName = new Map<string, number>();
      const firstById = new Map<string, number>();
      const updated = new UpdatedRecords<ExistingCompany, 'siret' | 'name' | 'id'>(
        { siret: (c) => c.registration_id, name: (c) => foldName(c.name), id: (c) => String(c.id) },
        created,
      );
      // Each line of the file planned: the company it is (see NO_COMPANY).
      const lineCompanies = new Map<number, number>();
      // The parent of each company the file creates or moves (NO_COMPANY: none), and of existing companies as the
      // database has them, read up their chains as needed: a group must stay a tree.
      const plannedParents = new Map<number, number>();
      const databaseParents = new Map<number, number | null>();
      // The names a change of parent shows: existing companies as before the import, created ones as the file has them.
      const companyNames = new Map<number, string>();
      // The inactive companies met (a parent named, or a row's own company): never a new subsidiary's parent.
      const inactive = new Set<number>();
      // The rows whose parent comes later in the file, decided once it is read.
      const waiting: CompanyCandidate[] = [];
      const parentColumn = columnOf('parent');

      // Whether `ancestor` is `company` or above it, up the chain as the import leaves it.
      const isAbove = (ancestor: number, company: number): boolean => {
        const visited = new Set<number>();
        for (let current: number | null | undefined = company; current !== undefined && current !== null && current !== NO_COMPANY; ) {
          if (current === ancestor || visited.has(current)) return true;
          visited.add(current);
          current = plannedParents.has(current) ? plannedParents.get(current) : current > 0 ? databaseParents.get(current) : null;
        }
        return false;
      };

      // The parents of these existing companies up to the top of their groups, as the database has them.
      const readChains = async (ids: number[]) => {
        const missing = [...new Set(ids)].filter((id) => !databaseParents.has(id));
        for (const part of batches(missing)) {
          const chain = await sql<{ id: number; parent_id: number | null }>`
            with recursive up(id, parent_id) as (
              select id, parent_id from company where id in (${sql.join(part)})
              union
              select c.id, c.parent_id from company c join up on c.id = up.parent_id
            )
            select id, parent_id from up`.execute(db);
          for (const company of chain.rows) databaseParents.set(company.id, company.parent_id);
        }
      };
      // The names of these existing companies as before the import (the import may have renamed some already).
      const readNames = async (ids: number[]) => {
        const missing = [...new Set(ids)].filter((id) => id > 0 && !companyNames.has(id));
        for (const id of missing) {
          const renamed = updated.get(id);
          if (renamed !== undefined) companyNames.set(id, renamed.name);
        }
        const unread = missing.filter((id) => !companyNames.has(id));
        for (const company of await found(unread, (part) => db.selectFrom('company').select(['id', 'name']).where('id', 'in', part).execute())) {
          companyNames.set(company.id, company.name);
        }
      };

      const shown = (column: keyof CompanyColumns, value: unknown): string | null => {
        if (value === null || value === undefined) return null;
        if (column === 'owner_id') return trigrams.get(Number(value)) ?? String(value);
        if (column === 'parent_id') return companyNames.get(Number(value)) ?? String(value);
        if (column === 'phone') return formatPhone(String(value));
        if (column === 'registration_id') return formatRegistrationId(String(value));
        return String(value);
      };

      // The company a parent cell names: decided, a problem, or a line of the file to wait for (null: a company
      // the file may name later). Once the file is read, nothing is waited for but lines kept back themselves.
      const findParent = (candidate: CompanyCandidate, fileRead: boolean): ParentFound => {
        const ref = candidate.parentRef ?? '';
        const bySiret = isSiretRef(ref);
        const line = (bySiret ? firstBySiret : firstByName).get(refKey(ref));
        const known = candidate.parentDb;
        if (line === candidate.row.line) return { problem: importMessages.ownParent };
        if (line !== undefined) {
          const company = lineCompanies.get(line);
          if (company === undefined) return { waitFor: line };
          // A SIRET is one company, whatever became of its line; a name that is both an existing company and another
          // company of the file is not guessed.
          if (known !== null && (company === known.id || (company === NO_COMPANY && bySiret))) return { company: known.id };
          if (known !== null) return { problem: importMessages.ambiguousParent(line, companyText(known)) };
          if (company === NO_COMPANY) return { problem: importMessages.parentNotImported(line) };
          return { company };
        }
        if (known !== null) return { company: known.id };
        return fileRead ? { problem: importMessages.unknownParent } : { waitFor: null };
      };

      // What a matched row does, its parent found (null: none named).
      const decide = (candidate: CompanyCandidate, parent: number | null, updates: CompanyUpdate[]): PlannedWrite<CompanyColumns> | undefined => {
        const { row, values, existing } = candidate;
        const refuse = (message: string) => {
          row.problems.push({ line: row.line, column: parentColumn, message });
          lineCompanies.set(row.line, existing?.id ?? NO_COMPANY);
          return undefined;
        };
        const underInactive = parent !== null && inactive.has(parent);
        if (existing === undefined) {
          if (values.name === undefined || values.registration_id === undefined) return undefined;
          // A new company is active: never under an inactive parent.
          if (underInactive) return refuse(importMessages.inactiveParent);
          row.fate = 'create';
          lineCompanies.set(row.line, -row.line);
          plannedParents.set(-row.line, parent ?? NO_COMPANY);
          companyNames.set(-row.line, ownCopy(values.name));
          return {
            action: 'create',
            line: row.line,
            columns: {
              name: values.name,
              registration_id: values.registration_id,
              parent_id: parent !== null && parent > 0 ? parent : null,
              address: values.address ?? null,
              postal_code: values.postal_code ?? null,
              city: values.city ?? null,
              phone: values.phone ?? null,
              website: values.website ?? null,
              sector: values.sector ?? null,
              owner_id: values.owner_id ?? actor.id,
            },
            ...(parent !== null && parent < 0 ? { parentLine: -parent } : {}),
          };
        }
        lineCompanies.set(row.line, existing.id);
        const { id, is_active: active, ...before } = existing;
        const moves = parent !== null && parent !== before.parent_id;
        if (moves) {
          if (parent === id) return refuse(importMessages.ownParent);
          if (isAbove(id, parent)) return refuse(importMessages.parentIsSubsidiary);
          // An active company is never placed under an inactive parent.
          if (underInactive && active) return refuse(importMessages.inactiveParent);
        }
        // Update: the mapped fields with a value only; the rest of the record stays as it is.
        const columns: CompanyColumns = { ...before, ...filledOnly(values), parent_id: moves && parent > 0 ? parent : before.parent_id };
        if (!moves && same(before, columns)) {
          row.fate = 'unchanged';
          return undefined;
        }
        if (onExisting === 'skip') {
          row.fate = 'skip';
          row.reasons.push(importMessages.existingKept);
          return undefined;
        }
        // Who owns a company is a leader's or an admin's call, whatever the call that would change it.
        if (columns.owner_id !== before.owner_id && !can(actor.role, 'company', 'reassign')) {
          row.problems.push({ line: row.line, column: columnOf('owner'), message: importMessages.ownerChangeForbidden });
          return undefined;
        }
        row.fate = 'update';
        if (moves) plannedParents.set(id, parent);
        updated.add(existing);
        updates.push({ row, before, columns, parent: moves ? parent : null });
        return { action: 'update', line: row.line, id, columns, before, ...(moves && parent < 0 ? { parentLine: -parent } : {}) };
      };

      // The changes of the updates decided, once the names they show are known.
      const describe = async (updates: CompanyUpdate[]) => {
        await readNames(updates.flatMap(({ before, parent }) => (parent === null ? [] : [before.parent_id ?? NO_COMPANY, parent])));
        for (const { row, before, columns, parent } of updates) {
          row.changes = changesOf(before, columns, companyFieldOf, shown);
          if (parent !== null && parent < 0) {
            row.changes.push({ field: companyFieldOf.parent_id, before: shown('parent_id', before.parent_id), after: companyNames.get(parent) ?? null });
          }
        }
      };

      const chunk = async (rows: Row[]): Promise<PlannedWrite<CompanyColumns>[]> => {
        type Parsed = { row: Row; values: Partial<CompanyColumns>; id: number | undefined; parentRef: string | undefined };
        const parsed: Parsed[] = rows.map((row) => {
          const values: Partial<CompanyColumns> = {};
          row.label = cell(row, 'name') ?? '';
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
          const parentRef = cell(row, 'parent');
          return { row, values, id: idOf(row, cell(row, 'id'), columnOf('id')), parentRef: parentRef === '' ? undefined : parentRef };
        });

        // Duplicates inside the file: the same SIRET, name or id as an earlier row.
        for (const { row, values, id } of parsed) {
          if (row.problems.length > 0) continue;
          const bySiret = values.registration_id === undefined ? undefined : firstBySiret.get(values.registration_id);
          const byName = values.name === undefined ? undefined : firstByName.get(foldName(values.name));
          const byId = id === undefined ? undefined : firstById.get(String(id));
          if (bySiret !== undefined) row.problems.push({ line: row.line, column: columnOf('registrationId'), message: importMessages.duplicateInFile(bySiret) });
          else if (byName !== undefined) row.problems.push({ line: row.line, column: columnOf('name'), message: importMessages.duplicateInFile(byName) });
          else if (byId !== undefined) row.problems.push({ line: row.line, column: columnOf('id'), message: importMessages.duplicateInFile(byId) });
          else {
            if (values.registration_id !== undefined) firstBySiret.set(ownCopy(values.registration_id), row.line);
            if (values.name !== undefined) firstByName.set(ownCopy(foldName(values.name)), row.line);
            if (id !== undefined) firstById.set(String(id), row.line);
          }
        }

        // The database's companies with these SIRETs, names or ids, the rows' own and their parents'.
        const valid = parsed.filter(({ row }) => row.problems.length === 0);
        const refs = valid.map(({ parentRef }) => parentRef).filter((ref): ref is string => ref !== undefined);
        const sirets = new Set([
          ...valid.map(({ values }) => values.registration_id).filter((v): v is string => v !== undefined),
          ...refs.filter(isSiretRef).map(compact),
        ]);
        const names = new Set([
          ...valid.map(({ values }) => values.name).filter((v): v is string => v !== undefined).map(foldName),
          ...refs.filter((ref) => !isSiretRef(ref)).map(foldName),
        ]);
        const ids = new Set(valid.map(({ id }) => id).filter((id): id is number => id !== undefined).map(String));
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
        const candidates: CompanyCandidate[] = [];
        for (const { row, values, id, parentRef } of valid) {
          if (values.registration_id === undefined || values.name === undefined) continue;
          const existing = bySiret.get(values.registration_id);
          const namesake = byName.get(foldName(values.name));
          const identified = id === undefined ? undefined : byId.get(id);
          const refuse = (column: string, message: string) => {
            row.problems.push({ line: row.line, column, message });
            lineCompanies.set(row.line, existing?.id ?? NO_COMPANY);
          };
          if (existing !== undefined) row.record = companyRecord(existing);
          // The id, when the file has one, names the company the SIRET names, or the row is not guessed.
          if (id !== undefined && identified === undefined) refuse(columnOf('id'), importMessages.unknownId);
          else if (identified !== undefined && existing === undefined) refuse(columnOf('id'), importMessages.idOtherSiret(companyText(identified)));
          else if (identified !== undefined && existing !== undefined && identified.id !== existing.id) {
            refuse(columnOf('id'), importMessages.idConflict(companyText(existing), companyText(identified)));
          } else if (namesake !== undefined && namesake.id !== existing?.id) refuse(columnOf('name'), importMessages.existingName);
          else {
            const parentDb = parentRef === undefined ? null : ((isSiretRef(parentRef) ? bySiret.get(compact(parentRef)) : byName.get(foldName(parentRef))) ?? null);
            candidates.push({ row, values, existing, parentRef, parentDb });
          }
        }
        // What a parent may need of these companies, the rows' own (a later row may name one by its line) and those
        // the parent cells name: whether they are active, and their groups.
        const met = candidates.flatMap(({ existing, parentDb }) => [existing, parentDb ?? undefined]).filter((company) => company !== undefined);
        for (const company of met) if (!company.is_active) inactive.add(company.id);
        await readChains(met.map((company) => company.id));

        const writes: PlannedWrite<CompanyColumns>[] = [];
        const updates: CompanyUpdate[] = [];
        for (const candidate of candidates) {
          const parent = candidate.parentRef === undefined ? null : findParent(candidate, false);
          if (parent !== null && 'waitFor' in parent) {
            // Kept until the file is read: its strings copied off the file's piece.
            const { row } = candidate;
            row.cells = row.cells.map(ownCopy);
            row.label = ownCopy(row.label);
            candidate.values = ownValues(candidate.values);
            candidate.parentRef = ownCopy(candidate.parentRef ?? '');
            waiting.push(candidate);
            continue;
          }
          if (parent !== null && 'problem' in parent) {
            candidate.row.problems.push({ line: candidate.row.line, column: parentColumn, message: parent.problem });
            lineCompanies.set(candidate.row.line, candidate.existing?.id ?? NO_COMPANY);
            continue;
          }
          const planned = decide(candidate, parent?.company ?? null, updates);
          if (planned !== undefined) writes.push(planned);
        }
        await describe(updates);
        return writes;
      };

      // The rows kept back, in an order where a parent comes before its subsidiaries: each follows the lines it
      // waits for up to one that can be decided; a line met again on the way closes a loop, whose lines are refused.
      const finish = async () => {
        const pending = new Map(waiting.map((candidate) => [candidate.row.line, candidate]));
        const writes: PlannedWrite<CompanyColumns>[] = [];
        const updates: CompanyUpdate[] = [];
        const settle = (candidate: CompanyCandidate, parent: ParentFound) => {
          pending.delete(candidate.row.line);
          if ('company' in parent) {
            const planned = decide(candidate, parent.company, updates);
            if (planned !== undefined) writes.push(planned);
            return;
          }
          const message = 'problem' in parent ? parent.problem : importMessages.unknownParent;
          candidate.row.problems.push({ line: candidate.row.line, column: parentColumn, message });
          lineCompanies.set(candidate.row.line, candidate.existing?.id ?? NO_COMPANY);
        };
        for (const start of waiting) {
          const path: CompanyCandidate[] = [];
          const onPath = new Set<number>();
          let current: CompanyCandidate | undefined = pending.has(start.row.line) ? start : undefined;
          while (current !== undefined) {
            const parent = findParent(current, true);
            const next = 'waitFor' in parent && parent.waitFor !== null ? pending.get(parent.waitFor) : undefined;
            if (next === undefined) {
              settle(current, parent);
              current = path.pop();
              if (current !== undefined) onPath.delete(current.row.line);
            } else if (onPath.has(next.row.line)) {
              const loop = [...path.slice(path.indexOf(next)), current];
              const loopLines = loop.map((candidate) => candidate.row.line).sort((a, b) => a - b);
              for (const candidate of loop) settle(candidate, { problem: importMessages.parentCycle(loopLines) });
              path.length = path.indexOf(next);
              for (const candidate of loop) onPath.delete(candidate.row.line);
              current = path.pop();
              if (current !== undefined) onPath.delete(current.row.line);
            } else {
              path.push(current);
              onPath.add(current.row.line);
              current = next;
            }
          }
        }
        await describe(updates);
        return { rows: waiting.map((candidate) => candidate.row), writes };
      };

      return { chunk, finish };
    },
    write,
  );
}

const contactColumnsSelect = ['id', 'title', 'first_name', 'last_name', 'job_title', 'email', 'phone', 'company_id', 'owner_id'] as const;

type ExistingContact = ContactColumns & { id: number };
type NamedCompany = { id: number; name: string; is_active: boolean };

const contactFieldOf: Record<keyof ContactColumns, ImportFieldKey<'contacts'>> = {
  title: 'title',
  first_name: 'firstName',
  last_name: 'lastName',
  job_title: 'jobTitle',
  email: 'email',
  phone: 'phone',
  company_id: 'company',
  owner_id: 'owner',
};

const contactRecord = (contact: ExistingContact): ImportRecord => ({ id: contact.id, label: `${contact.first_name} ${contact.last_name}` });
const contactText = (contact: ExistingContact) => importMessages.record(`${contact.first_name} ${contact.last_name}`, contact.id);

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
  const trigrams = new Map([...users.values()].map((user) => [user.id, user.trigram]));

  // A company cell's key: a SIRET (14 digits, Luhn-checked), or a name.
  const compact = (ref: string) => ref.replace(/\s+/g, '');
  const companyKey = (ref: string) => (isValidRegistrationId(compact(ref)) ? compact(ref) : foldName(ref));
  // A contact's name in its company, folded.
  const nameKey = (values: Partial<ContactColumns>) =>
    values.company_id === undefined || values.company_id === null || values.first_name === undefined || values.last_name === undefined
      ? null
      : `${values.company_id}|${foldName(values.last_name)}|${foldName(values.first_name)}`;
  // The id names the contact of the row when the row has its e-mail or its name.
  const sameContact = (contact: ExistingContact, values: Partial<ContactColumns>) =>
    (!!values.email && contact.email !== null && values.email.toLowerCase() === contact.email.toLowerCase()) ||
    (values.first_name !== undefined &&
      values.last_name !== undefined &&
      foldName(values.first_name) === foldName(contact.first_name) &&
      foldName(values.last_name) === foldName(contact.last_name));

  return planInChunks(
    'contacts',
    file,
    requested,
    ({ cell, columnOf, created }) => {
      // Kept from one chunk to the next: the companies the file names, by SIRET or folded name (null: none such), and
      // the names of those a change shows; the first line of each e-mail, id, phone and name of the file; the
      // contacts updated.
      const companies = new Map<string, NamedCompany | null>();
      const companyNames = new Map<number, string>();
      const seen = { email: new Map<string, number>(), id: new Map<string, number>(), phone: new Map<string, number>(), name: new Map<string, number>() };
      const updated = new UpdatedRecords<ExistingContact, 'email' | 'id' | 'phone' | 'name'>(
        { email: (c) => c.email?.toLowerCase() ?? null, id: (c) => String(c.id), phone: (c) => c.phone, name: (c) => nameKey(c) },
        created,
      );
      const shown = (column: keyof ContactColumns, value: unknown): string | null => {
        if (value === null || value === undefined) return null;
        if (column === 'title') return titleLabels.get(String(value)) ?? String(value);
        if (column === 'owner_id') return trigrams.get(Number(value)) ?? String(value);
        if (column === 'company_id') return companyNames.get(Number(value)) ?? String(value);
        if (column === 'phone') return formatPhone(String(value));
        return String(value);
      };

      const chunk = async (rows: Row[]): Promise<PlannedWrite<ContactColumns>[]> => {
        // The companies the rows name, each looked up once for the whole file.
        const refs = rows.map((row) => cell(row, 'company') ?? '').filter((value) => value !== '' && !companies.has(companyKey(value)));
        const sirets = [...new Set(refs.map(compact).filter(isValidRegistrationId))];
        const names = [...new Set(refs.filter((value) => !isValidRegistrationId(compact(value))).map(foldName))];
        for (const key of [...sirets, ...names]) companies.set(ownCopy(key), null);
        for (const company of await found(sirets, (part) => db.selectFrom('company').select(['id', 'name', 'registration_id', 'is_active']).where('registration_id', 'in', part).execute())) {
          companies.set(company.registration_id, company);
          companyNames.set(company.id, company.name);
        }
        for (const company of await found(names, (part) => db.selectFrom('company').select(['id', 'name', 'is_active']).where(sql.ref('name_key'), 'in', part).execute())) {
          companies.set(foldName(company.name), company);
          companyNames.set(company.id, company.name);
        }

        type Parsed = { row: Row; values: Partial<ContactColumns>; id: number | undefined; companyChecked: NamedCompany | null | undefined };
        const parsed: Parsed[] = rows.map((row) => {
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
          return { row, values, id: idOf(row, cell(row, 'id'), columnOf('id')), companyChecked };
        });

        // Inside the file: the e-mail or the id of an earlier row is the same contact twice, refused; so is its
        // name in the same company when nothing else identifies it. Otherwise a same name or phone is a warning.
        for (const { row, values, id } of parsed) {
          if (row.problems.length > 0) continue;
          const keys = {
            email: values.email ? values.email.toLowerCase() : null,
            id: id === undefined ? null : String(id),
            phone: values.phone ?? null,
            name: nameKey(values),
          };
          const earlier = (key: keyof typeof keys) => (keys[key] === null ? undefined : seen[key].get(keys[key] ?? ''));
          const identified = keys.email !== null || keys.id !== null;
          const [byEmail, byId, byName, byPhone] = [earlier('email'), earlier('id'), earlier('name'), earlier('phone')];
          if (byEmail !== undefined) row.problems.push({ line: row.line, column: columnOf('email'), message: importMessages.duplicateInFile(byEmail) });
          else if (byId !== undefined) row.problems.push({ line: row.line, column: columnOf('id'), message: importMessages.duplicateInFile(byId) });
          else if (byName !== undefined && !identified) row.problems.push({ line: row.line, column: columnOf('lastName'), message: importMessages.duplicateInFile(byName) });
          if (row.problems.length > 0) continue;
          resemblesLines(row, [
            [byName, importMessages.sameName],
            [byPhone, importMessages.samePhone],
          ]);
          for (const key of ['email', 'id', 'phone', 'name'] as const) {
            const value = keys[key];
            if (value !== null && !seen[key].has(value)) seen[key].set(ownCopy(value), row.line);
          }
        }

        // The database's contacts (those merged into another are gone) with these e-mails or ids, and those the rows
        // resemble: the same phone, or the same name in the same company.
        const valid = parsed.filter(({ row }) => row.problems.length === 0);
        const live = () => db.selectFrom('contact').select(contactColumnsSelect).where('merged_into_id', 'is', null);
        const byEmail = new Map<string, ExistingContact[]>();
        const byId = new Map<number, ExistingContact>();
        const byPhone = new Map<string, ExistingContact>();
        const byName = new Map<string, ExistingContact>();
        const emails = new Set(valid.map(({ values }) => values.email?.toLowerCase()).filter((v): v is string => !!v));
        const withEmails = await found(emails, (part) => live().where(sql`lower(email)`, 'in', part).execute());
        for (const contact of updated.asBefore('email', withEmails, emails)) {
          if (contact.email !== null) byEmail.set(contact.email.toLowerCase(), [...(byEmail.get(contact.email.toLowerCase()) ?? []), contact]);
        }
        const ids = new Set(valid.map(({ id }) => id).filter((id): id is number => id !== undefined).map(String));
        const withIds = await found(ids, (part) => live().where('id', 'in', part.map(Number)).execute());
        for (const contact of updated.asBefore('id', withIds, ids)) byId.set(contact.id, contact);
        const phones = new Set(valid.map(({ values }) => values.phone).filter((v): v is string => typeof v === 'string'));
        const withPhones = await found(phones, (part) => live().where('phone', 'in', part).orderBy('id').execute());
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
          withNames.push(...(await live().where('company_id', 'in', companyIds).where(sql.ref('name_key'), 'in', folded).orderBy('id').execute()));
        }
        for (const contact of updated.asBefore('name', withNames, nameKeys)) {
          const key = nameKey(contact);
          if (key !== null && nameKeys.has(key) && !byName.has(key)) byName.set(key, contact);
        }

        const writes: PlannedWrite<ContactColumns>[] = [];
        const updates: { row: Row; before: ContactColumns; columns: ContactColumns }[] = [];
        for (const { row, values, id, companyChecked } of valid) {
          const refuse = (key: string, message: string) => row.problems.push({ line: row.line, column: columnOf(key), message });
          const email = values.email ? values.email.toLowerCase() : undefined;
          const sharing = email === undefined ? [] : (byEmail.get(email) ?? []);
          const byItsEmail = sharing[0];
          const byItsId = id === undefined ? undefined : byId.get(id);
          // Found by its e-mail or its id, never by a guess: two contacts with the e-mail, an id no one has, or an id
          // that is someone else than the e-mail's contact (or than the row's name) refuse the row.
          if (sharing.length > 1) refuse('email', importMessages.sharedEmail);
          else if (id !== undefined && byItsId === undefined) refuse('id', importMessages.unknownId);
          else if (byItsEmail !== undefined && byItsId !== undefined && byItsEmail.id !== byItsId.id) {
            refuse('id', importMessages.idConflict(contactText(byItsEmail), contactText(byItsId)));
          } else if (byItsId !== undefined && byItsEmail === undefined && !sameContact(byItsId, values)) refuse('id', importMessages.idNotConfirmed(contactText(byItsId)));
          if (row.problems.length > 0) continue;
          const existing = byItsEmail ?? byItsId;
          if (existing === undefined) {
            if (values.title === undefined || values.first_name === undefined || values.last_name === undefined) continue;
            if (companyChecked && !companyChecked.is_active) {
              refuse('company', importMessages.inactiveCompany);
              continue;
            }
            const namesake = byName.get(nameKey(values) ?? '');
            const samePhone = values.phone ? byPhone.get(values.phone) : undefined;
            resembles(row, [
              [namesake === undefined ? undefined : contactRecord(namesake), importMessages.sameName],
              [samePhone === undefined ? undefined : contactRecord(samePhone), importMessages.samePhone],
            ]);
            // Nothing identifies the row and its name is already in the company: most likely that contact again.
            if (namesake !== undefined && email === undefined && id === undefined) {
              row.fate = 'skip';
              row.reasons.push(importMessages.sameNameUnidentified);
              continue;
            }
            row.fate = 'create';
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
          row.record = contactRecord(existing);
          const { id: existingId, ...before } = existing;
          // The e-mail found it, case aside: the record keeps its own spelling.
          const columns = { ...before, ...filledOnly(values), ...(email === before.email?.toLowerCase() ? { email: before.email } : {}) };
          if (same(before, columns)) {
            row.fate = 'unchanged';
            continue;
          }
          if (onExisting === 'skip') {
            row.fate = 'skip';
            row.reasons.push(importMessages.existingKept);
            continue;
          }
          // The forms' rule on an update: no move to an inactive company.
          if (companyChecked && !companyChecked.is_active && columns.company_id !== before.company_id) {
            refuse('company', importMessages.inactiveCompany);
            continue;
          }
          // Who owns a contact is a leader's or an admin's call, whatever the call that would change it.
          if (columns.owner_id !== before.owner_id && !can(actor.role, 'contact', 'reassign')) {
            refuse('owner', importMessages.ownerChangeForbidden);
            continue;
          }
          row.fate = 'update';
          writes.push({ action: 'update', line: row.line, id: existingId, columns, before });
          updates.push({ row, before, columns });
          updated.add(existing);
        }

        // The changes of the updates, with the names of the companies they leave.
        const left = updates.flatMap(({ before, columns }) => (before.company_id !== null && before.company_id !== columns.company_id && !companyNames.has(before.company_id) ? [before.company_id] : []));
        for (const company of await found(new Set(left), (part) => db.selectFrom('company').select(['id', 'name']).where('id', 'in', part).execute())) {
          companyNames.set(company.id, company.name);
        }
        for (const { row, before, columns } of updates) row.changes = changesOf(before, columns, contactFieldOf, shown);
        return writes;
      };
      return { chunk };
    },
    write,
  );
}
