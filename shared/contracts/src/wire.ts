import { z } from 'zod';
import { isIsoDate, toBusinessIsoDate } from './dates';
import { messages } from './rules';

// The wire forms of every call (docs/requirements.md): booleans travel as 0/1, dates as Unix seconds, objects as JSON
// strings. The client encodes with `toWireValue`; the server decodes with the schemas below, which accept
// exactly these forms (and the native ones from JSON bodies).

export type WireScalar = string | number;

export function toWireValue(value: unknown): WireScalar | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return Math.floor(value.getTime() / 1000);
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'string') return value;
  return String(value);
}

export function toWireParams(values: Record<string, unknown>): Record<string, WireScalar> {
  const out: Record<string, WireScalar> = {};
  for (const [key, value] of Object.entries(values)) {
    const wire = toWireValue(value);
    if (wire !== undefined) out[key] = wire;
  }
  return out;
}

// "1"/"0", 1/0 and true/false; anything else is invalid (never "truthy string").
export const wireBoolean = z
  .preprocess(
    (value) => {
      if (value === '1' || value === 1 || value === true || value === 'true') return true;
      if (value === '0' || value === 0 || value === false || value === 'false') return false;
      return value;
    },
    z.boolean({ error: messages.invalid }),
  )
  .meta({ description: 'Boolean sent as 0 or 1 ("0" is false)' });

// The largest id a database integer column holds: a larger one is no row, not a server error.
export const MAX_ID = 2_147_483_647;

// Whole numbers travel as canonical decimal text: "0x10", "+1", "00001", "1.0", " 1" or "1e3" are not numbers
// here (JavaScript's Number() would read them as 16, 1, 1, 1, 1 and 1000).
const canonicalInteger = /^-?(0|[1-9]\d{0,15})$/;

function decodeInteger(value: unknown): unknown {
  if (typeof value === 'string' && canonicalInteger.test(value)) return Number(value);
  return value;
}

// An integer from a query string or a multipart field (or a JSON number), between min and max.
// Nothing given (an empty field, an unchosen select) is a required entry; anything else not a number is "not a number"
// (the form messages of rules.ts).
const isEmptyInput = (input: unknown) => input === undefined || input === null || input === '';
// `outOfRange`: the message of a number below `min` or above `max`, when the field can say which bounds hold.
export const wireInteger = (min: number, max: number, outOfRange: string = messages.invalid) =>
  z.preprocess(
    decodeInteger,
    z
      .number({ error: (issue) => (isEmptyInput(issue.input) ? messages.required : messages.number) })
      .int(messages.invalid)
      .min(min, outOfRange)
      .max(max, outOfRange),
  );

// A row id: a positive integer within the database's range.
export const wireId = () => wireInteger(1, MAX_ID);

// Unix seconds a date can be (years 1 to 9999), as a number or its canonical text.
const MAX_UNIX_SECONDS = 253_402_300_799;
function unixSeconds(value: unknown): number | null {
  const decoded = decodeInteger(value);
  return typeof decoded === 'number' && Number.isSafeInteger(decoded) && Math.abs(decoded) <= MAX_UNIX_SECONDS
    ? decoded
    : null;
}

// The one decoder of a calendar date on the wire: Unix seconds, as every date travels, become the day that
// instant falls on in Paris; a yyyy-MM-dd is taken as it is. Anything else: null.
export function decodeWireCalendarDate(value: unknown): string | null {
  const seconds = unixSeconds(value);
  if (seconds !== null) return toBusinessIsoDate(new Date(seconds * 1000));
  return typeof value === 'string' && isIsoDate(value) ? value : null;
}

// A calendar date parameter (deadline, start, end...), decoded to yyyy-MM-dd.
export const wireCalendarDate = () =>
  z
    .preprocess(
      (value) => decodeWireCalendarDate(value) ?? value,
      z.string({ error: messages.dateRequired }).min(1, messages.dateRequired).refine(isIsoDate, messages.invalid),
    )
    .meta({ description: 'Calendar date: Unix seconds (the day it falls on in Paris) or yyyy-MM-dd' });

// An instant: Unix seconds, as a number or its canonical text, decoded to a Date.
export const wireDate = z
  .preprocess(
    (value) => {
      const seconds = unixSeconds(value);
      return seconds === null ? value : new Date(seconds * 1000);
    },
    z.date({ error: messages.dateRequired }),
  )
  .meta({ description: 'Instant sent as Unix seconds' });

// A JSON-string object decoded before its schema runs.
export function wireJson<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);
}
