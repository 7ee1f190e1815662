import { z } from 'zod';
import { isIsoDate } from './dates';
import { messages, patterns, TRIGRAM_LENGTH } from './rules';
import { wireId } from './wire';

// SIRET numbers carry a Luhn check digit.
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// Completes 13 digits with the Luhn check digit that makes a valid SIRET (demo and test data).
export function withLuhnCheckDigit(first13: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    if (isLuhnValid(`${first13}${digit}`)) return `${first13}${digit}`;
  }
  throw new Error(`No Luhn check digit for ${first13}`);
}

// A SIRET shown the French way: 732 829 320 00074 (SIREN in three groups, then the NIC).
export function formatRegistrationId(value: string): string {
  if (!/^\d{14}$/.test(value)) return value;
  return `${value.slice(0, 3)} ${value.slice(3, 6)} ${value.slice(6, 9)} ${value.slice(9)}`;
}

export function isValidRegistrationId(value: string): boolean {
  return patterns.registrationId.test(value) && isLuhnValid(value);
}

// Phones are stored as 0033XXXXXXXXX (no spaces) and shown French style: 0033 6 12 34 56 78.
export function normalizePhone(value: string): string {
  return value.replace(/\s+/g, '');
}

export function formatPhone(value: string): string {
  const digits = normalizePhone(value);
  if (!/^0033\d{9}$/.test(digits)) return value;
  const rest = digits.slice(5).match(/\d{2}/g) ?? [];
  return ['0033', digits[4], ...rest].join(' ');
}

// A NUL character is no text: PostgreSQL refuses to store it.
export const hasNoNul = (value: string): boolean => !value.includes('\u0000');

// Field schemas shared by the forms and the server.
export const fields = {
  requiredText: (max = 255) =>
    z
      .string({ error: messages.required })
      .trim()
      .min(1, messages.required)
      .max(max, messages.invalid)
      .refine(hasNoNul, messages.invalid),
  optionalText: (max = 5000) =>
    z.string({ error: messages.invalid }).max(max, messages.invalid).refine(hasNoNul, messages.invalid),
  email: () => z.string({ error: messages.required }).trim().min(1, messages.required).email(messages.email),
  phone: () => z.string({ error: messages.required }).trim().regex(patterns.phone, messages.invalid),
  // Typed as it is printed (732 829 320 00074), kept as 14 digits.
  registrationId: () =>
    z
      .string({ error: messages.required })
      .transform((value) => value.replace(/\s+/g, ''))
      .pipe(z.string().min(1, messages.required).refine(isValidRegistrationId, messages.invalid)),
  trigram: () =>
    z
      .string({ error: messages.trigramRequired })
      .trim()
      .min(1, messages.trigramRequired)
      .max(TRIGRAM_LENGTH, messages.trigramInvalid)
      .regex(patterns.trigram, messages.trigramInvalid),
  colour: () => z.string({ error: messages.required }).regex(patterns.colour, messages.invalid),
  // Every colour a payload carries (a task type's, a needs status's): either case accepted, kept in lower case.
  colourEntry: () =>
    z
      .string({ error: messages.required })
      .trim()
      .regex(patterns.colourEntry, messages.invalid)
      .transform((value) => value.toLowerCase()),
  isoDate: () =>
    z.string({ error: messages.dateRequired }).min(1, messages.dateRequired).refine(isIsoDate, messages.invalid),
  number: () => z.number({ error: messages.number }),
  // Ids of the path: canonical decimal text within the database's range (see wire.ts).
  id: () => wireId(),
} as const;

// A form field that may be left empty: '' (an emptied multipart field), null and absent all mean "none" (null).
const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

export const nullableFields = {
  text: (max = 255) =>
    z.preprocess(
      emptyToNull,
      z
        .string({ error: messages.invalid })
        .trim()
        .max(max, messages.invalid)
        .refine(hasNoNul, messages.invalid)
        .nullable(),
    ),
  phone: () =>
    z.preprocess(
      emptyToNull,
      z
        .string({ error: messages.invalid })
        .trim()
        .regex(patterns.phone, messages.invalid)
        .transform(normalizePhone)
        .nullable(),
    ),
  email: () =>
    z.preprocess(
      emptyToNull,
      z.string({ error: messages.email }).trim().max(255, messages.invalid).email(messages.email).nullable(),
    ),
  postalCode: () =>
    z.preprocess(
      emptyToNull,
      z
        .string({ error: messages.invalid })
        .trim()
        .regex(/^\d{5}$/, messages.invalid)
        .nullable(),
    ),
  website: () =>
    z.preprocess(
      emptyToNull,
      z
        .string({ error: messages.invalid })
        .trim()
        .max(255, messages.invalid)
        .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, messages.invalid)
        .nullable(),
    ),
  id: () => z.preprocess(emptyToNull, fields.id().nullable()),
} as const;
