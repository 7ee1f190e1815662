import { z } from 'zod';
import { BUSINESS_TIME_ZONE } from './dates';
import { wireInteger } from './wire';

// Optimistic concurrency: an editable record carries a version, one more at each change of what a person edits
// (counted by the database). A save sends the version it read; a save over a newer one is refused with
// `editConflict`, whose error says who changed the record last and when, so that nothing is overwritten in silence.

export const versionField = z.number().int().min(1);
// The version a save read, as the wire sends it.
export const versionParam = wireInteger(1, 2_147_483_647);

export const conflictSchema = z.object({
  // The record's version now: a save that sends it (after the user chose) goes through.
  version: versionField,
  changedBy: z
    .object({ id: z.number().int(), trigram: z.string(), firstName: z.string(), lastName: z.string() })
    .nullable(),
  changedAt: z.string().nullable(),
});
export type Conflict = z.infer<typeof conflictSchema>;

let conflictDateFormat: Intl.DateTimeFormat | null = null;

// "Modifié entre-temps par Julie Moreau (JMO) le 27/11/2026 à 10:42".
export function conflictMessage(conflict: Conflict): string {
  conflictDateFormat ??= new Intl.DateTimeFormat('fr-FR', {
    timeZone: BUSINESS_TIME_ZONE,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const who =
    conflict.changedBy === null
      ? 'un autre utilisateur'
      : `${conflict.changedBy.firstName} ${conflict.changedBy.lastName} (${conflict.changedBy.trigram})`;
  const when =
    conflict.changedAt === null
      ? ''
      : ` le ${conflictDateFormat.format(new Date(conflict.changedAt)).replace(' ', ' à ')}`;
  return `Modifié entre-temps par ${who}${when}`;
}
