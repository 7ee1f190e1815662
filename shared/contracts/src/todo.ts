import { z } from 'zod';
import { messages } from './rules';
import { contactSummarySchema } from './contact';
import { taskSchema } from './task';
import { fields } from './validation';
import { wireBoolean, wireCalendarDate } from './wire';

export const todoBaseSchema = z.object({
  id: z.number().int(),
  // A calendar date (yyyy-MM-dd), never a timestamp: no time zone can move it by a day.
  deadline: z.string(),
  executionDate: z.string().nullable(),
  notes: z.string(),
  comment: z.string().nullable(),
  isAccomplished: z.boolean(),
  isActive: z.boolean(),
  created_at: z.string(),
  task: taskSchema,
  contact: contactSummarySchema,
  owner: z.object({ id: z.number().int(), trigram: z.string() }),
  replacementId: z.number().int().nullable(),
  // One more at each write of the todo, whoever makes it (migration 0032): the live changes tell a todo already on
  // screen from a newer one by it.
  version: z.number().int(),
});

export const todoSchema = todoBaseSchema.extend({
  // The follow-up produced when this todo was accomplished, when there is one.
  replacement: todoBaseSchema.nullable(),
});
export type Todo = z.infer<typeof todoSchema>;

export const todosQuerySchema = z
  .object({
    onlyPending: wireBoolean.default(false),
    // Calendar dates (yyyy-MM-dd after decoding), both days included.
    start: wireCalendarDate().optional(),
    end: wireCalendarDate().optional(),
  })
  .refine((q) => !q.start || !q.end || q.start <= q.end, { message: 'Entrée non valide', path: ['end'] });

const notes = fields.optionalText(5000);

export const todoStorePayloadSchema = z.object({
  deadline: wireCalendarDate(),
  notes: notes.default(''),
  isAccomplished: wireBoolean.default(false),
  comment: fields.optionalText(5000).optional(),
});
export type TodoStorePayload = z.input<typeof todoStorePayloadSchema>;

export const todoAccomplishPayloadSchema = todoStorePayloadSchema.extend({
  newDeadline: wireCalendarDate(),
  newNotes: notes.default(''),
});
export type TodoAccomplishPayload = z.input<typeof todoAccomplishPayloadSchema>;

export const contactTodoPayloadSchema = z.object({
  deadline: wireCalendarDate(),
  notes: notes.default(''),
});
export type ContactTodoPayload = z.input<typeof contactTodoPayloadSchema>;

export { CALENDAR_ONLY_PENDING_DEFAULT } from './user';

// --- The agenda's dialogs (edit, add), as forms: their values before they become the payloads above ---

const formNotes = () => fields.optionalText(5000);
// A select starts empty (null); choosing is required.
const requiredId = () =>
  z
    .number({ error: messages.required })
    .nullable()
    .pipe(z.number({ error: messages.required }));

// The edit dialog: the fields of POST /todo/{id}/store, plus the follow-up of POST /todo/{id}/task/{taskId}/store
// when the todo is accomplished and a follow-up task is chosen.
export const todoEditFormSchema = z
  .object({
    deadline: fields.isoDate(),
    notes: formNotes(),
    comment: formNotes(),
    isAccomplished: z.boolean(),
    taskId: z.number().nullable(),
    newDeadline: z.string(),
    newNotes: formNotes(),
  })
  .superRefine((values, ctx) => {
    if (!values.isAccomplished || values.taskId === null) return;
    const newDeadline = fields.isoDate().safeParse(values.newDeadline);
    if (!newDeadline.success)
      ctx.addIssue({ code: 'custom', path: ['newDeadline'], message: newDeadline.error.issues[0].message });
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
  notes: formNotes(),
});
export type TodoAddValues = z.output<typeof todoAddFormSchema>;
