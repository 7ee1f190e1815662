import { frenchDate } from './csv';
import { patterns } from './rules';
import { personTitleLabels, type PersonTitle } from './user';
import { formatPhone, formatRegistrationId } from './validation';

// How a history's changes read, the same on every screen and in every file: "Civilité : Monsieur → Madame",
// "Propriétaire : COM (Camille Martin)", "Fusionné dans Marc Dupont".

export type HistoryReferenceKind = 'user' | 'company' | 'contact' | 'task';

// The fields whose value is a record's id, and the kind of record: the server names each one it sends (`names`).
export const historyReferenceFields: Readonly<Record<string, HistoryReferenceKind>> = {
  ownerId: 'user',
  leaderId: 'user',
  companyId: 'company',
  parentId: 'company',
  contactId: 'contact',
  mergedInto: 'contact',
  mergedFrom: 'contact',
  taskId: 'task',
};

// The key of a record in an entry's `names`: "user:3".
export const historyNameKey = (kind: HistoryReferenceKind, id: number): string => `${kind}:${id}`;

// What the system keeps for itself (the todos a merge moved, the todo a follow-up replaces): no line.
const hiddenFields = new Set(['todos', 'replaces']);

// The changes told as a sentence rather than as a field's values.
const sentences: Readonly<Record<string, string>> = {
  mergedInto: 'Fusionné dans',
  mergedFrom: 'Doublon fusionné :',
};

// A value of a page's own fields as a reader knows it (a needs sheet's seniority in words), or undefined.
export type HistoryValueFormat = (field: string, value: unknown) => string | undefined;

export function historyValue(
  field: string,
  value: unknown,
  names: Readonly<Record<string, string>>,
  own?: HistoryValueFormat,
): string {
  const shown = own?.(field, value);
  if (shown !== undefined) return shown;
  if (value === null || value === undefined || value === '') return '(vide)';
  const kind = historyReferenceFields[field];
  // A record the server could not name (deleted since): its number.
  if (kind !== undefined && typeof value === 'number') return names[historyNameKey(kind, value)] ?? `n° ${value}`;
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return JSON.stringify(value);
  if (field === 'phone') return formatPhone(value);
  if (field === 'registrationId') return formatRegistrationId(value);
  if (field === 'title' && Object.hasOwn(personTitleLabels, value)) return personTitleLabels[value as PersonTitle];
  if (patterns.isoDate.test(value)) return frenchDate(value);
  return value;
}

export type HistoryChanges = Record<string, { from?: unknown; to?: unknown }>;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

// One line per change a reader is told of: "Label : before → after", or "Label : value" for a field that did not
// exist before (a creation; left empty, it has no line). `labels`: the French name of each field, in the order the
// lines take (the order of the form), the fields it does not name after them.
export function historyChangeLines(
  changes: HistoryChanges,
  names: Readonly<Record<string, string>>,
  labels: Readonly<Record<string, string>>,
  own?: HistoryValueFormat,
): { field: string; text: string }[] {
  const order = Object.keys(labels);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return Object.entries(changes)
    .filter(
      ([field, change]) =>
        !hiddenFields.has(field) &&
        !(change.from === undefined && isEmpty(change.to) && own?.(field, change.to) === undefined),
    )
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([field, change]) => {
      const show = (value: unknown) => historyValue(field, value, names, own);
      if (Object.hasOwn(sentences, field)) return { field, text: `${sentences[field]} ${show(change.to)}` };
      const label = labels[field] ?? field;
      return {
        field,
        text:
          change.from === undefined
            ? `${label} : ${show(change.to)}`
            : `${label} : ${show(change.from)} → ${show(change.to)}`,
      };
    });
}
