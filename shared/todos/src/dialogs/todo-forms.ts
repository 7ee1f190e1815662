import { contactName, fields, messages, type ContactSummary, type StandbyLists, standbyListLabels } from '@bo/contracts';
import { ApiRequestError } from '@bo/client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';

const notes = () => fields.optionalText(5000);
// A select starts empty (null); choosing is required.
const requiredId = () => z.number({ error: messages.required }).nullable().pipe(z.number({ error: messages.required }));

// The edit dialog: the fields of POST /todo/{id}/store, plus the follow-up of POST /todo/{id}/task/{taskId}/store
// when the todo is accomplished and a follow-up task is chosen.
export const todoEditFormSchema = z
  .object({
    deadline: fields.isoDate(),
    notes: notes(),
    comment: notes(),
    isAccomplished: z.boolean(),
    taskId: z.number().nullable(),
    newDeadline: z.string(),
    newNotes: notes(),
  })
  .superRefine((values, ctx) => {
    if (!values.isAccomplished || values.taskId === null) return;
    const newDeadline = fields.isoDate().safeParse(values.newDeadline);
    if (!newDeadline.success) ctx.addIssue({ code: 'custom', path: ['newDeadline'], message: newDeadline.error.issues[0].message });
  });
export type TodoEditValues = z.output<typeof todoEditFormSchema>;

export function hasFollowUp(values: TodoEditValues): values is TodoEditValues & { taskId: number } {
  return values.isAccomplished && values.taskId !== null;
}

// The add dialog: POST /contact/{contactId}/task/{taskId}/todo/store.
export const todoAddFormSchema = z.object({
  contactId: requiredId(),
  taskId: requiredId(),
  deadline: fields.isoDate(),
  notes: notes(),
});
export type TodoAddValues = z.output<typeof todoAddFormSchema>;

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
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, known: readonly Path<T>[]): void {
  if (!(error instanceof ApiRequestError)) return;
  for (const [field, message] of Object.entries(error.fieldErrors())) {
    const path = known.find((name) => name === field);
    if (path) setError(path, { type: 'server', message });
  }
}
