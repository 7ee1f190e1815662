import { formatRegistrationId, type CompanyListItem } from './company';
import type { ContactListItem } from './contact';
import { personTitleLabels } from './user';
import { formatPhone } from './validation';

// CSV as French Excel opens it: ';' between cells, a UTF-8 byte order mark first, CRLF line ends, dates
// dd/MM/yyyy. The server streams exports with it; a list built in the browser can use the same columns.
export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

type Cell = string | number | boolean | null | undefined;

// A cell quoted when it holds the separator, a quote or a line break. A text that a spreadsheet would run as a
// formula (=, +, -, @ first) is prefixed with a quote mark, so an exported cell can never execute.
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'boolean' ? (value ? 'Oui' : 'Non') : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}

// yyyy-MM-dd (or an ISO 8601 instant, read in Paris) -> dd/MM/yyyy.
export function frenchDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : new Date(value).toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' });
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

export type CsvColumn<T> = { header: string; value: (item: T) => Cell };

export function csvHeader<T>(columns: readonly CsvColumn<T>[]): string {
  return csvRow(columns.map((column) => column.header));
}

export function csvLine<T>(columns: readonly CsvColumn<T>[], item: T): string {
  return csvRow(columns.map((column) => column.value(item)));
}

export const companyCsvColumns: readonly CsvColumn<CompanyListItem>[] = [
  { header: 'Raison sociale', value: (c) => c.name },
  { header: 'SIRET', value: (c) => formatRegistrationId(c.registrationId) },
  { header: 'Société mère', value: (c) => c.parent?.name },
  { header: 'Filiales', value: (c) => c.subsidiaryCount },
  { header: 'Contacts actifs', value: (c) => c.activeContactCount },
  { header: 'Code postal', value: (c) => c.postalCode },
  { header: 'Ville', value: (c) => c.city },
  { header: 'Secteur', value: (c) => c.sector },
  { header: 'Propriétaire', value: (c) => c.owner.trigram },
  { header: 'Active', value: (c) => c.isActive },
];

export const contactCsvColumns: readonly CsvColumn<ContactListItem>[] = [
  { header: 'Civilité', value: (c) => personTitleLabels[c.title] },
  { header: 'Prénom', value: (c) => c.firstName },
  { header: 'Nom', value: (c) => c.lastName },
  { header: 'Société', value: (c) => c.company?.name },
  { header: 'Fonction', value: (c) => c.jobTitle },
  { header: 'Téléphone', value: (c) => (c.phone === null ? null : formatPhone(c.phone)) },
  { header: 'E-mail', value: (c) => c.email },
  { header: 'Propriétaire', value: (c) => c.owner.trigram },
  { header: 'Prochaine tâche', value: (c) => (c.nextTodo === null ? null : `${frenchDate(c.nextTodo.deadline)} ${c.nextTodo.task.description}`) },
  { header: 'Dernière tâche aboutie', value: (c) => (c.lastTodo === null ? null : `${frenchDate(c.lastTodo.executionDate ?? c.lastTodo.deadline)} ${c.lastTodo.task.description}`) },
  { header: 'En veille', value: (c) => !c.isActive },
];
