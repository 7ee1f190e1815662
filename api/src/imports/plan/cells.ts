import {
  csvCellText,
  importMessages,
  isValidRegistrationId,
  personTitleLabels,
  type PersonTitle,
} from '@bo/contracts/all';
import type { z } from 'zod';
import type { Executor } from '../../db/database';
import { SORTABLE_FROM, SORTABLE_TO } from '../../repositories/mapping';
import type { Row } from './chunks';

// A row's cells read as the forms read their fields: names folded, companies by SIRET or name, phones and titles as
// people type them, ids, owners by trigram, and the strings kept from one chunk to the next copied off the file.

// The folding of the database's name keys (lower case, accents off), for names compared in memory.
const foldMap = new Map([...SORTABLE_FROM].map((char, i) => [char, SORTABLE_TO[i]]));
const foldable = new RegExp(`[${SORTABLE_FROM}]`, 'g');
export const foldName = (text: string): string =>
  text.toLowerCase().replace(foldable, (char) => foldMap.get(char) ?? char);

// A cell naming a company (a subsidiary's parent, a contact's company): a SIRET (14 digits, Luhn-checked), or a name.
export const compact = (ref: string) => ref.replace(/\s+/g, '');
export const isSiretRef = (ref: string) => isValidRegistrationId(compact(ref));
// Its key: the SIRET, or the name folded.
export const companyRefKey = (ref: string) => (isSiretRef(ref) ? compact(ref) : foldName(ref));

// A cell as typed: trimmed; the quote mark our exports put before a formula-like text taken off.
export const clean = (value: string | undefined): string => csvCellText(value ?? '');

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
export const importTitle = (value: string): string => titles[foldName(value).replace(/[.\s]/g, '')] ?? value;
export const titleLabels = new Map<string, string>(Object.entries(personTitleLabels));

// A key kept from one chunk to the next, as a string of its own: a cell is a slice of the piece of the file it was
// read from, and would keep that whole piece in memory.
export const ownCopy = (key: string) => Buffer.from(key).toString();
export const ownCopyOrNull = (value: string | null) => (value === null ? null : ownCopy(value));
export const ownValues = <C extends Record<string, unknown>>(values: Partial<C>): Partial<C> =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? ownCopy(value) : value]),
  ) as Partial<C>;

// The id of an « Identifiant » cell: digits only.
const importId = (value: string): number | null =>
  /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

// One mapped field through its form schema: its value, or a problem on its column.
export function checked<S extends z.ZodType>(
  row: Row,
  schema: S,
  value: unknown,
  column: string,
): z.output<S> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  row.problems.push({ line: row.line, column, message: result.error.issues[0]?.message ?? 'Entrée non valide' });
  return undefined;
}

// The « Identifiant » cell of a row: its id, none (undefined), or a problem on its column.
export function idOf(row: Row, value: string | undefined, column: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const id = importId(value);
  if (id === null) row.problems.push({ line: row.line, column, message: importMessages.invalidId });
  return id ?? undefined;
}

export async function usersByTrigram(db: Executor) {
  const users = await db.selectFrom('app_user').select(['id', 'trigram', 'is_active']).execute();
  return new Map(users.map((user) => [user.trigram.toUpperCase(), user]));
}

// The owner a row names by trigram; none named: `fallback`.
export function ownerOf(
  row: Row,
  value: string | undefined,
  users: Awaited<ReturnType<typeof usersByTrigram>>,
  column: string,
  fallback: number | undefined,
) {
  if (value === undefined || value === '') return fallback;
  const user = users.get(value.toUpperCase());
  if (user === undefined) row.problems.push({ line: row.line, column, message: importMessages.unknownOwner });
  else if (!user.is_active) row.problems.push({ line: row.line, column, message: importMessages.inactiveOwner });
  return user?.id;
}
