import { z } from 'zod';
import { errorCatalogue } from './errors';
import { isReadableTaskStyle, taskSchema, taskStyleEntrySchema } from './task';
import { messages } from './rules';
import { fields } from './validation';
import { wireBoolean, wireInteger, wireJson } from './wire';

// What the admin pages edit (/gestion-taches, /phrases). Every one of their calls is under /admin.

export const MAX_DISPLAY_ORDER = 10_000;
const displayOrder = () => wireInteger(0, MAX_DISPLAY_ORDER).default(0);

// A task type as the admin sees it: with its place in the lists, inactive ones included.
export const taskTypeSchema = taskSchema.extend({ order: z.number().int() });
export type TaskType = z.infer<typeof taskTypeSchema>;

export const taskTypeStorePayloadSchema = z.object({
  description: fields.requiredText(150),
  // A JSON string of the three colours, as GET /tasks returns them.
  style: wireJson(taskStyleEntrySchema),
  order: displayOrder(),
  isActive: wireBoolean.default(true),
});
export type TaskTypeStorePayload = z.input<typeof taskTypeStorePayloadSchema>;
// The form's view of the same payload: the colours as fields of their own (sent as the JSON string).
// The form checks the contrast as the server does, to say so under the text colour before sending.
export const taskTypeFormSchema = taskTypeStorePayloadSchema.extend({
  style: taskStyleEntrySchema.refine(isReadableTaskStyle, {
    message: errorCatalogue.lowContrast.text,
    path: ['color'],
  }),
});
export type TaskTypeChanges = z.output<typeof taskTypeStorePayloadSchema>;

export const phraseStorePayloadSchema = z.object({
  category: fields.requiredText(100),
  text: fields.requiredText(2000),
  order: displayOrder(),
  isActive: wireBoolean.default(true),
});
export type PhraseStorePayload = z.input<typeof phraseStorePayloadSchema>;
export type PhraseChanges = z.output<typeof phraseStorePayloadSchema>;

// A new display order: every id in its new place (the first is shown first). Ids not listed keep their order.
export const displayOrderPayloadSchema = z.object({
  ids: wireJson(
    z
      .array(fields.id(), { error: messages.invalid })
      .min(1, messages.required)
      .max(1000, messages.invalid)
      .refine((ids) => new Set(ids).size === ids.length, messages.invalid),
  ),
});
export type DisplayOrderPayload = z.input<typeof displayOrderPayloadSchema>;
