import { z } from 'zod';
import { messages } from '../rules';
import { fields, hasNoNul } from '../validation';
import { wireCalendarDate } from '../wire';

// The query fields the reports share.
export const optionalDate = () =>
  z.preprocess((value) => (value === '' ? undefined : value), wireCalendarDate().optional());
export const optionalId = () => z.preprocess((value) => (value === '' ? undefined : value), fields.id().optional());
export const search = z
  .string({ error: messages.invalid })
  .trim()
  .max(100, messages.invalid)
  .refine(hasNoNul, messages.invalid);

// A period whose end is not before its start.
export const orderedPeriod = <T extends { from?: string; to?: string }>(q: T) => !q.from || !q.to || q.from <= q.to;
