import { messages } from '@bo/contracts';
import { z } from 'zod';

// A whole number typed in a text field, kept as text in the form (the kit's fields take a form whose values
// go in and out with the same type) and converted when the payload is built: 'Doit être un nombre' when it
// is not a number, 'Entrée non valide' outside min..max.
export function integerText(min: number, max: number) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .refine((value) => !Number.isNaN(Number(value)), messages.number)
    .refine((value) => {
      const number = Number(value);
      return Number.isNaN(number) || (Number.isInteger(number) && number >= min && number <= max);
    }, messages.invalid);
}
