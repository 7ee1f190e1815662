import { z } from 'zod';
import { conflictSchema } from './versions';

// Every response body, whatever its status: { data, errors: [{ message: <code> }], debug? }.
export const apiErrorSchema = z.object({
  message: z.string(),
  // Which input field the error is about, when it is about one.
  field: z.string().optional(),
  // editConflict: the record's version now, who changed it last and when.
  conflict: conflictSchema.optional(),
  // What exactly is wrong, in French, when the code's own text cannot say it (a file that cannot be read: why).
  detail: z.string().optional(),
  // The line of an uploaded file the error is about.
  line: z.number().int().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    data: data.nullable(),
    errors: z.array(apiErrorSchema),
    debug: z.unknown().optional(),
  });

export type Envelope<T> = { data: T | null; errors: ApiError[]; debug?: unknown };

// The header that carries the token both ways.
export const AUTHORIZATION_HEADER = 'authorization';
