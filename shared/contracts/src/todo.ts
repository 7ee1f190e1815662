import { z } from 'zod';
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

export const CALENDAR_ONLY_PENDING_DEFAULT = false;
