import { z } from 'zod';
import { pageParams } from './paging';

// Every change to a company, contact, todo or needs sheet is recorded: who, when, what.
export const historyEntities = ['company', 'contact', 'todo', 'task', 'phrase', 'user', 'needsSheet'] as const;
export type HistoryEntity = (typeof historyEntities)[number];

export const historyChangesSchema = z.record(
  z.string(),
  z.object({ from: z.unknown().optional(), to: z.unknown().optional() }),
);
// The records the changes name by id (an owner, a company, a contact), named for a reader: "user:3" -> "COM (Camille
// Martin)" (historyNameKey); the fields that hold such ids: historyReferenceFields.
export const historyNamesSchema = z.record(z.string(), z.string());

export const historyEntrySchema = z.object({
  id: z.number().int(),
  entity: z.enum(historyEntities),
  entityId: z.number().int(),
  // What the entry is about, named for a reader: the company's name, the contact's name.
  label: z.string(),
  action: z.string(),
  // A field that did not exist before (a creation) has no `from`.
  changes: historyChangesSchema,
  names: historyNamesSchema,
  user: z.object({ id: z.number().int(), trigram: z.string() }).nullable(),
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

// Newest first, a page at a time.
export const historyQuerySchema = z.object(pageParams);

// The French words of a history line.
export const historyActionLabels: Record<string, string> = {
  create: 'Création',
  update: 'Modification',
  activate: 'Activation',
  deactivate: 'Désactivation',
  reassign: 'Changement de propriétaire',
  merge: 'Fusion',
  mergedInto: 'Fusionné dans un autre contact',
  accomplish: 'Tâche aboutie',
  status: 'Changement de statut',
  import: 'Importé (import CSV)',
  importUndo: 'Import annulé',
};
