import { z } from 'zod';
import { messages } from './rules';
import { fields } from './validation';
import { wireBoolean, wireInteger, wireJson } from './wire';

// The statuses of needs sheets (/fiches-de-besoin/status): an admin manages them, every role reads them.

export const needsSheetStatusSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  color: z.string(),
  order: z.number().int(),
  // Pourvu, perdu, annulé: the sheet is closed.
  closes: z.boolean(),
  // Pourvu: a closing status that counts the sheet as filled; the other closing ones (perdu, annulé) count it as
  // lost in the statistics.
  fills: z.boolean(),
  isActive: z.boolean(),
  // Sheets with this status now.
  sheetCount: z.number().int(),
  // Sheets that have this status or once had it: a status used by any is deactivated, never deleted.
  usedBy: z.number().int(),
});
export type NeedsSheetStatus = z.infer<typeof needsSheetStatusSchema>;

export const needsSheetStatusStorePayloadSchema = z
  .object({
    label: fields.requiredText(60),
    color: fields.colourEntry(),
    order: wireInteger(0, 10_000).default(0),
    closes: wireBoolean.default(false),
    fills: wireBoolean.default(false),
    isActive: wireBoolean.default(true),
  })
  // Only a status that closes the sheet can say how it ended.
  .refine((value) => value.closes || !value.fills, { message: messages.invalid, path: ['fills'] });
export type NeedsSheetStatusStorePayload = z.input<typeof needsSheetStatusStorePayloadSchema>;
export type NeedsSheetStatusChanges = z.output<typeof needsSheetStatusStorePayloadSchema>;

// POST /admin/needs-sheet-statuses/order: the ids in their new display order.
export const needsSheetStatusOrderPayloadSchema = z.object({
  ids: wireJson(z.array(fields.id(), { error: messages.invalid }).min(1, messages.invalid).max(200, messages.invalid)),
});
