import { z } from 'zod';
import { fields } from './validation';

export const taskStyleSchema = z.object({
  backgroundColor: fields.colour(),
  borderColor: fields.colour(),
  color: fields.colour(),
});
export type TaskStyle = z.infer<typeof taskStyleSchema>;

// A task type (spec section 3).
export const taskSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  style: taskStyleSchema,
  isActive: z.boolean(),
});
export type Task = z.infer<typeof taskSchema>;
