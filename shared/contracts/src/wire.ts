import { z } from 'zod';
import { messages } from './rules';

// The wire forms of ARCHITECTURE section 4: booleans travel as 0/1, dates as Unix seconds, objects as JSON
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
export const wireBoolean = z.preprocess((value) => {
  if (value === '1' || value === 1 || value === true || value === 'true') return true;
  if (value === '0' || value === 0 || value === false || value === 'false') return false;
  return value;
}, z.boolean({ error: messages.invalid })).meta({ description: 'Boolean sent as 0 or 1 ("0" is false)' });

// Unix seconds, as a number or a numeric string, decoded to a Date.
export const wireDate = z.preprocess((value) => {
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return new Date(Number(value) * 1000);
  if (typeof value === 'number' && Number.isInteger(value)) return new Date(value * 1000);
  return value;
}, z.date({ error: messages.dateRequired })).meta({ description: 'Instant sent as Unix seconds' });

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

// Multipart fields and query strings are strings: numbers arrive as text.
export const wireInt = z.coerce.number({ error: messages.number }).int(messages.invalid);
