import { contactName, type ContactSummary, type StandbyLists, standbyListLabels } from '@bo/contracts';
import { ApiRequestError } from '@bo/client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

// The dialogs' schemas live in the contracts: zod then comes with them (shared), never bundled again here.
export {
  hasFollowUp,
  todoAddFormSchema,
  todoEditFormSchema,
  type TodoAddValues,
  type TodoEditValues,
} from '@bo/contracts';

export type ContactOption = { value: number; label: string };
export type ContactGroup = { label: string; options: ContactOption[] };

export function contactLabel(contact: Pick<ContactSummary, 'firstName' | 'lastName' | 'company'>): string {
  return contact.company ? `${contactName(contact)} (${contact.company.name})` : contactName(contact);
}

// The standby lists as grouped options, each contact once, in its closest group (mine, my team's, all).
export function standbyContactGroups(lists: StandbyLists): ContactGroup[] {
  const seen = new Set<number>();
  const groups: ContactGroup[] = [];
  for (const name of ['myContacts', 'teamContacts', 'allContacts'] as const) {
    const options: ContactOption[] = [];
    for (const contact of lists[name]) {
      if (seen.has(contact.id)) continue;
      seen.add(contact.id);
      options.push({ value: contact.id, label: contactLabel(contact) });
    }
    if (options.length > 0) groups.push({ label: standbyListLabels[name], options });
  }
  return groups;
}

// The fields a refused save named go under those fields; the dialog stays open with what the user typed.
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly Path<T>[],
): void {
  if (!(error instanceof ApiRequestError)) return;
  for (const [field, message] of Object.entries(error.fieldErrors())) {
    const path = known.find((name) => name === field);
    if (path) setError(path, { type: 'server', message });
  }
}
