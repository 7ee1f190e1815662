import { BUSINESS_TIME_ZONE, toBusinessIsoDate } from './dates';

// CSV as French Excel opens it: ';' between cells, a UTF-8 byte order mark first, CRLF line ends, dates
// dd/MM/yyyy. The server streams exports with it; a list built in the browser can use the same columns.
export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

type Cell = string | number | boolean | null | undefined;

// A text a spreadsheet would run as a formula: one starting with =, +, - or @, or their full-width forms (＝ ＋ － ＠),
// after spaces or not, or starting with a tab or a carriage return.
const FORMULA_START = /^(?:[\t\r]|[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
// Digits with a leading zero (a postal code of départements 01 to 09): a spreadsheet would read the number and drop
// the zero.
const LEADING_ZERO_DIGITS = /^0\d+$/;

// A cell quoted when it holds the separator, a quote or a line break. A text a spreadsheet would run as a formula is
// prefixed with a quote mark, so an exported cell can never execute; digits with a leading zero are written as the
// formula of their text (="01000"), which a spreadsheet shows as 01000 and keeps as text.
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  // A decimal number with a comma, as French Excel reads it.
  if (typeof value === 'number') return String(value).replace('.', ',');
  let text = typeof value === 'boolean' ? (value ? 'Oui' : 'Non') : value;
  if (LEADING_ZERO_DIGITS.test(text)) text = `="${text}"`;
  else if (FORMULA_START.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// A cell of a file this product wrote (or a spreadsheet saved from it), as the text it stands for: trimmed, without
// the quote mark that kept a formula from running, digits out of their ="…" formula.
export function csvCellText(cell: string): string {
  const text = cell.trim();
  const digits = /^="(0\d+)"$/.exec(text);
  if (digits !== null) return digits[1];
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

export function csvRow(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}

// yyyy-MM-dd (or an ISO 8601 instant, longer, read in Paris) -> dd/MM/yyyy.
export function frenchDate(value: string | null | undefined): string {
  if (!value) return '';
  // One formatter for every cell: creating one per call would cost an export of 100 000 rows seconds.
  const day = value.length === 10 ? value : toBusinessIsoDate(new Date(value));
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

let timeFormat: Intl.DateTimeFormat | null = null;
// An instant as dd/MM/yyyy HH:mm, read in Paris.
export function frenchDateTime(value: string): string {
  timeFormat ??= new Intl.DateTimeFormat('fr-FR', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', minute: '2-digit' });
  return `${frenchDate(value)} ${timeFormat.format(new Date(value))}`;
}

export type CsvColumn<T> = { title: string; value: (item: T) => Cell };

export function csvHeader<T>(columns: readonly CsvColumn<T>[]): string {
  return csvRow(columns.map((column) => column.title));
}

export function csvLine<T>(columns: readonly CsvColumn<T>[], item: T): string {
  return csvRow(columns.map((column) => column.value(item)));
}

// A whole file: the byte order mark, the header, a line per item.
export function toCsv<T>(columns: readonly CsvColumn<T>[], items: readonly T[]): string {
  return CSV_BOM + csvHeader(columns) + items.map((item) => csvLine(columns, item)).join('');
}
