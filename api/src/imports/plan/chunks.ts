import {
  guessMapping,
  importFields,
  importMessages,
  IMPORT_PREVIEW_ROWS,
  IMPORT_REPORT_LINES,
  type ImportChange,
  type ImportKind,
  type ImportLine,
  type ImportLineFate,
  type ImportMapping,
  type ImportProblem,
  type ImportRecord,
  type ImportReport,
  type ImportWarning,
} from '@bo/contracts/all';
import { AppError } from '../../errors';
import { csvRecords, type CsvFile } from '../read-csv-file';
import { clean, ownCopy, ownCopyOrNull } from './cells';
import type { PlannedWrite } from './columns';

// The file read a chunk of rows at a time and handed to a kind's planner, and the report of what it would do.

// The file is planned (and, by the import, written) this many rows at a time.
export const ROWS_PER_CHUNK = 500;

export type Row = {
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
export type Frame = {
  // A mapped field's cell as typed (undefined: the field is not mapped).
  cell: (row: Row, key: string) => string | undefined;
  // The header of a field's column, or its label.
  columnOf: (key: string) => string;
  // The records the import wrote already (none in a dry run): a look-up that finds one finds the file's own row.
  created: ReadonlySet<number>;
};
export type Planner<C> = {
  // A chunk's rows checked (their problems pushed on them, their fate set, or kept back): what to write.
  chunk: (rows: Row[]) => Promise<PlannedWrite<C>[]>;
  // Once the whole file is read: the rows kept back, decided, and what to write for them.
  finish?: () => Promise<{ rows: Row[]; writes: PlannedWrite<C>[] }>;
};
// What the import does with each chunk's writes, before the next chunk is read (the dry run: nothing): the ids of
// the records it created.
export type WriteChunk<C> = (writes: PlannedWrite<C>[]) => Promise<number[]>;
export type PlanReport = Omit<ImportReport, 'id'>;

const problemText = (problem: ImportProblem) =>
  problem.column === null ? problem.message : `${problem.column} : ${problem.message}`;

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
      changes: row.changes.map((change) => ({
        field: change.field,
        before: ownCopyOrNull(change.before),
        after: ownCopyOrNull(change.after),
      })),
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
export async function planInChunks<C>(
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
      if (!fields.some((field) => field.key === key) || index >= headers.length)
        throw new AppError('dataInvalid', { field: 'mapping' });
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
    const cell = (row: Row, key: string): string | undefined =>
      mapping[key] === undefined ? undefined : clean(row.cells[mapping[key]]);
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
    const newRow = (line: number, cells: string[]): Row => ({
      line,
      cells,
      problems: [],
      label: '',
      record: null,
      changes: [],
      reasons: [],
      warnings: [],
    });
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
