import { z } from 'zod';
import { meetsWcagAa } from './colour-contrast';
import { fields } from './validation';

export const taskStyleSchema = z.object({
  backgroundColor: fields.colour(),
  borderColor: fields.colour(),
  color: fields.colour(),
});
export type TaskStyle = z.infer<typeof taskStyleSchema>;

// The colours a task type is saved with: either case, kept in lower case.
export const taskStyleEntrySchema = z.object({
  backgroundColor: fields.colourEntry(),
  borderColor: fields.colourEntry(),
  color: fields.colourEntry(),
});

// A task type's text must read on its background, at least WCAG AA for normal text (4.5:1: the calendar chip's text
// is small). The server refuses the rest with lowContrast on `style.color`.
export const isReadableTaskStyle = (style: Pick<TaskStyle, 'color' | 'backgroundColor'>): boolean =>
  meetsWcagAa(style.color, style.backgroundColor);

// A task type: its description and its calendar chip's colours.
export const taskSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  style: taskStyleSchema,
  isActive: z.boolean(),
});
export type Task = z.infer<typeof taskSchema>;
