import { z } from 'zod';
import { csvRow, CSV_BOM } from './csv';
import { foldHeader } from './csv-reader';
import { messages } from './rules';
import { wireJson } from './wire';

// CSV import of companies and contacts (issue 17): which columns a file may carry, the French headers recognised
// by themselves, the mapping the user may change, and the report of a dry run or of an import.

export const importKinds = ['companies', 'contacts'] as const;
export type ImportKind = (typeof importKinds)[number];
export const importKindLabels: Record<ImportKind, string> = { companies: 'sociétés', contacts: 'contacts' };

// Biggest file taken (the API's limit for these calls is derived from it).
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
// Rows shown with the mapping.
export const IMPORT_PREVIEW_ROWS = 5;

export type ImportField = { key: string; label: string; required: boolean; headers: readonly string[] };

// Each field: its label, whether a file must have it, and the headers that name it (folded: case, accents, spaces
// and punctuation ignored).
export const importFields = {
  companies: [
    { key: 'name', label: 'Raison sociale', required: true, headers: ['Raison sociale', 'Société', 'Nom', 'Entreprise', 'Dénomination'] },
    { key: 'registrationId', label: 'SIRET', required: true, headers: ['SIRET', 'N° SIRET', 'Numéro SIRET'] },
    { key: 'address', label: 'Adresse', required: false, headers: ['Adresse'] },
    { key: 'postalCode', label: 'Code postal', required: false, headers: ['Code postal', 'CP'] },
    { key: 'city', label: 'Ville', required: false, headers: ['Ville', 'Commune'] },
    { key: 'phone', label: 'Téléphone', required: false, headers: ['Téléphone', 'Tél', 'Tel'] },
    { key: 'website', label: 'Site web', required: false, headers: ['Site web', 'Site', 'Site internet'] },
    { key: 'sector', label: 'Secteur', required: false, headers: ['Secteur', "Secteur d'activité"] },
    { key: 'owner', label: 'Propriétaire', required: false, headers: ['Propriétaire', 'Trigramme'] },
  ],
  contacts: [
    { key: 'title', label: 'Civilité', required: true, headers: ['Civilité'] },
    { key: 'lastName', label: 'Nom', required: true, headers: ['Nom'] },
    { key: 'firstName', label: 'Prénom', required: true, headers: ['Prénom'] },
    { key: 'jobTitle', label: 'Fonction', required: false, headers: ['Fonction', 'Poste'] },
    { key: 'email', label: 'E-mail', required: false, headers: ['E-mail', 'Email', 'Courriel', 'Adresse email'] },
    { key: 'phone', label: 'Téléphone', required: false, headers: ['Téléphone', 'Tél', 'Tel', 'Mobile'] },
    { key: 'company', label: 'Société', required: false, headers: ['Société', 'Raison sociale', 'Entreprise', 'SIRET'] },
    { key: 'owner', label: 'Propriétaire', required: false, headers: ['Propriétaire', 'Trigramme'] },
  ],
} as const satisfies Record<ImportKind, readonly ImportField[]>;

export type ImportFieldKey<K extends ImportKind> = (typeof importFields)[K][number]['key'];

// Field -> column index of the file (0-based); a field left out is not imported.
export type ImportMapping = Record<string, number>;

// The mapping found from the headers alone: each field takes the first column whose header names it, a column
// serving one field only.
export function guessMapping(kind: ImportKind, headers: readonly string[]): ImportMapping {
  const folded = headers.map(foldHeader);
  const mapping: ImportMapping = {};
  const taken = new Set<number>();
  // Exact names first, in the fields' order, so that 'Nom' goes to the last name before a looser alias claims it.
  for (const field of importFields[kind]) {
    for (const alias of field.headers) {
      const index = folded.findIndex((header, i) => !taken.has(i) && header === foldHeader(alias));
      if (index !== -1) {
        mapping[field.key] = index;
        taken.add(index);
        break;
      }
    }
  }
  return mapping;
}

export const onExistingChoices = ['skip', 'update'] as const;
export type OnExisting = (typeof onExistingChoices)[number];
export const onExistingLabels: Record<OnExisting, string> = {
  skip: 'Ignorer les fiches existantes',
  update: 'Mettre à jour les champs importés des fiches existantes',
};

const mappingSchema = z.record(z.string().max(50), z.number().int().min(0).max(999), { error: messages.invalid });

// A file field. In the browser, the file the user chose; on the server, the file as the multipart reader saved it.
export type UploadedFile = { upload: true; path: string; bytes: number; fileName: string };
export function isUploadedFile(value: unknown): value is UploadedFile {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<UploadedFile>;
  return candidate.upload === true && typeof candidate.path === 'string' && typeof candidate.bytes === 'number';
}
const isBlob = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;
export const uploadSchema = z
  .custom<UploadedFile | Blob>((value) => isUploadedFile(value) || isBlob(value), { error: messages.required })
  .meta({ type: 'string', format: 'binary', description: 'The file (a multipart file part)' });

// POST /import/{kind}/check and /import/{kind} (multipart).
export const importPayloadSchema = z.object({
  file: uploadSchema,
  mapping: wireJson(mappingSchema).optional(),
  onExisting: z.enum(onExistingChoices, { error: messages.required }),
});
export type ImportPayload = z.input<typeof importPayloadSchema>;

export const importProblemSchema = z.object({
  // The line of the file (the header is line 1).
  line: z.number().int(),
  // The column's header in the file, or the field's label when the file has no such column.
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importRowOutcomes = ['create', 'update', 'skip', 'reject'] as const;

export const importReportSchema = z.object({
  // The import's id (an import, not a dry run), for its undo.
  id: z.number().int().nullable(),
  kind: z.enum(importKinds),
  encoding: z.enum(['utf-8', 'windows-1252']),
  separator: z.enum([';', ',']),
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.number().int()),
  preview: z.array(z.array(z.string())),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  rejected: z.number().int(),
  problems: z.array(importProblemSchema),
  // The rejected rows as the file had them, each with its reasons: downloadable to be fixed and imported again.
  rejectedRows: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()), reason: z.string() })),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importUndoSchema = z.object({
  undone: z.boolean(),
  // Why the undo was refused: the rows changed since the import, by line of the file.
  blockers: z.array(z.object({ line: z.number().int(), label: z.string(), reason: z.string() })),
});
export type ImportUndo = z.infer<typeof importUndoSchema>;

// GET /import/last: the caller's last import of a kind, while it can still be undone (not undone, no later one).
export const lastImportQuerySchema = z.object({ kind: z.enum(importKinds, { error: messages.invalid }) });
export const lastImportSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(importKinds),
    fileName: z.string(),
    createdAt: z.string(),
    created: z.number().int(),
    updated: z.number().int(),
  })
  .nullable();
export type LastImport = z.infer<typeof lastImportSchema>;

// The rejected rows as a file for French Excel: the file's own columns, then the reason.
export function rejectedRowsCsv(report: Pick<ImportReport, 'headers' | 'rejectedRows'>): string {
  return (
    CSV_BOM +
    csvRow([...report.headers, 'Motif du rejet']) +
    report.rejectedRows.map((row) => csvRow([...report.headers.map((_header, i) => row.cells[i] ?? ''), row.reason])).join('')
  );
}

// The French words of an import's problems.
export const importMessages = {
  missingColumn: (label: string) => `Colonne obligatoire absente : ${label}`,
  duplicateInFile: (line: number) => `Doublon de la ligne ${line} du fichier`,
  unknownOwner: 'Propriétaire inconnu',
  inactiveOwner: 'Propriétaire désactivé',
  unknownCompany: 'Société inconnue',
  inactiveCompany: 'La société est inactive',
  existingName: 'Nom existant (une autre société porte ce nom)',
  unknownTitle: 'Civilité non valide (M., Mme, Mlle, Monsieur, Madame ou Mademoiselle)',
  emptyFile: 'Le fichier ne contient aucune ligne',
  unreadable: 'Fichier illisible : ce n’est pas un fichier CSV',
  changedSince: 'modifiée depuis l’import',
  hasTodos: 'a des tâches',
  hasContacts: 'a des contacts ou des filiales ajoutés depuis',
} as const;
