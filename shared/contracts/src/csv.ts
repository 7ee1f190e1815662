import { formatRegistrationId, type CompanyListItem } from './company';
import { toBusinessIsoDate } from './dates';
import type { ContactListItem } from './contact';
import { needsPriorityLabels, type NeedsSheetListItem } from './needs-sheet';
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
  // A decimal number with a comma, as French Excel reads it.
  if (typeof value === 'number') return String(value).replace('.', ',');
  let text = typeof value === 'boolean' ? (value ? 'Oui' : 'Non') : value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}

// yyyy-MM-dd (or an ISO 8601 instant, read in Paris) -> dd/MM/yyyy.
export function frenchDate(value: string | null | undefined): string {
  if (!value) return '';
  // One formatter for every cell: creating one per call would cost an export of 100 000 rows seconds.
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : toBusinessIsoDate(new Date(value));
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

export type CsvColumn<T> = { title: string; value: (item: T) => Cell };

export function csvHeader<T>(columns: readonly CsvColumn<T>[]): string {
  return csvRow(columns.map((column) => column.title));
}

export function csvLine<T>(columns: readonly CsvColumn<T>[], item: T): string {
  return csvRow(columns.map((column) => column.value(item)));
}

export const companyCsvColumns: readonly CsvColumn<CompanyListItem>[] = [
  { title: 'Raison sociale', value: (c) => c.name },
  { title: 'SIRET', value: (c) => formatRegistrationId(c.registrationId) },
  { title: 'Société mère', value: (c) => c.parent?.name },
  { title: 'Filiales', value: (c) => c.subsidiaryCount },
  { title: 'Contacts actifs', value: (c) => c.activeContactCount },
  { title: 'Code postal', value: (c) => c.postalCode },
  { title: 'Ville', value: (c) => c.city },
  { title: 'Secteur', value: (c) => c.sector },
  { title: 'Propriétaire', value: (c) => c.owner.trigram },
  { title: 'Active', value: (c) => c.isActive },
];

export const contactCsvColumns: readonly CsvColumn<ContactListItem>[] = [
  { title: 'Civilité', value: (c) => personTitleLabels[c.title] },
  { title: 'Prénom', value: (c) => c.firstName },
  { title: 'Nom', value: (c) => c.lastName },
  { title: 'Société', value: (c) => c.company?.name },
  { title: 'Fonction', value: (c) => c.jobTitle },
  { title: 'Téléphone', value: (c) => (c.phone === null ? null : formatPhone(c.phone)) },
  { title: 'E-mail', value: (c) => c.email },
  { title: 'Propriétaire', value: (c) => c.owner.trigram },
  { title: 'Prochaine tâche', value: (c) => (c.nextTodo === null ? null : `${frenchDate(c.nextTodo.deadline)} ${c.nextTodo.task.description}`) },
  { title: 'Dernière tâche aboutie', value: (c) => (c.lastTodo === null ? null : `${frenchDate(c.lastTodo.executionDate ?? c.lastTodo.deadline)} ${c.lastTodo.task.description}`) },
  { title: 'En veille', value: (c) => !c.isActive },
];

// A whole file: the byte order mark, the header, a line per item.
export function toCsv<T>(columns: readonly CsvColumn<T>[], items: readonly T[]): string {
  return CSV_BOM + csvHeader(columns) + items.map((item) => csvLine(columns, item)).join('');
}

export const needsSheetCsvColumns: readonly CsvColumn<NeedsSheetListItem>[] = [
  { title: 'Référence', value: (s) => s.reference },
  { title: 'Intitulé', value: (s) => s.title },
  { title: 'Société', value: (s) => s.company.name },
  { title: 'Contact', value: (s) => `${s.contact.firstName} ${s.contact.lastName}` },
  { title: 'Statut', value: (s) => s.status.label },
  { title: 'Priorité', value: (s) => needsPriorityLabels[s.priority] },
  { title: 'Postes pourvus', value: (s) => s.positionsFilled },
  { title: 'Postes demandés', value: (s) => s.positions },
  { title: 'Responsable', value: (s) => s.owner.trigram },
  { title: 'Recruteurs', value: (s) => s.recruiters.map((r) => r.trigram).join(', ') },
  { title: 'Reçue le', value: (s) => frenchDate(s.receivedDate) },
  { title: 'Échéance', value: (s) => frenchDate(s.deadline) },
];
