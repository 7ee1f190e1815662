import { importMessages, type ImportChange, type ImportRecord } from '@bo/contracts/all';
import type { Row } from './chunks';

// What both kinds match rows with: database look-ups by batches of keys, the records an earlier chunk updated as
// they were, what an update changes, and the records or lines a row resembles.

// Database look-ups take their keys this many at a time.
const QUERY_BATCH = 500;
export function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += QUERY_BATCH) out.push(items.slice(i, i + QUERY_BATCH));
  return out;
}
// The records a query finds for these keys, QUERY_BATCH keys a statement.
export async function found<K, R>(keys: Iterable<K>, query: (part: K[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (const part of batches([...keys])) out.push(...(await query(part)));
  return out;
}

// The records updated by the plan's earlier chunks, as they were before the import, by id and by each key they are
// looked up by. A later chunk finds them by what they held then, not by what the import wrote: the import writes
// what the dry run reported. The records the import created are left out of every look-up (as the dry run never
// finds them): a row sharing a key with one is a row of the file, found as such.
export class UpdatedRecords<R extends { id: number }, K extends string> {
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

export const same = <C extends Record<string, unknown>>(a: C, b: C) => Object.keys(a).every((key) => a[key] === b[key]);

// An update takes the cells that say something: an empty cell of a mapped column keeps what the record holds (a
// spreadsheet's blank is a value not known, not a value to erase).
export const filledOnly = <C extends Record<string, unknown>>(values: Partial<C>): Partial<C> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== '')) as Partial<C>;

// The fields an update changes, each by its import field, with its values as a person reads them.
export function changesOf<C extends Record<string, unknown>>(
  before: C,
  after: C,
  fieldOf: Record<keyof C & string, string>,
  shown: (column: keyof C & string, value: unknown) => string | null,
): ImportChange[] {
  return (Object.keys(fieldOf) as (keyof C & string)[])
    .filter((column) => before[column] !== after[column])
    .map((column) => ({
      field: fieldOf[column],
      before: shown(column, before[column]),
      after: shown(column, after[column]),
    }));
}

// The records a row resembles, each once with every way it does: « possible doublon » warnings.
export function resembles(row: Row, candidates: [ImportRecord | undefined, string][]): void {
  if (candidates.every(([record]) => record === undefined)) return;
  const byId = new Map<number, { record: ImportRecord; why: string[] }>();
  for (const [record, why] of candidates) {
    if (record === undefined) continue;
    const entry = byId.get(record.id) ?? { record, why: [] };
    entry.why.push(why);
    byId.set(record.id, entry);
  }
  for (const { record, why } of byId.values()) {
    row.warnings.push({
      message: importMessages.possibleDuplicate(importMessages.record(record.label, record.id), why.join(', ')),
      record,
      line: null,
    });
  }
}

// The same for earlier lines of the file.
export function resemblesLines(row: Row, candidates: [number | undefined, string][]): void {
  if (candidates.every(([line]) => line === undefined)) return;
  const byLine = new Map<number, string[]>();
  for (const [line, why] of candidates) if (line !== undefined) byLine.set(line, [...(byLine.get(line) ?? []), why]);
  for (const [line, why] of byLine)
    row.warnings.push({ message: importMessages.possibleDuplicateOfLine(line, why.join(', ')), record: null, line });
}
