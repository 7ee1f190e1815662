import { z } from 'zod';
import { duplicateReasonLabels } from './contact-list';
import { csvRow, CSV_BOM } from './csv';
import { foldHeader } from './csv-reader';
import { errorCatalogue } from './errors';
import { companyFieldLabels as company, contactFieldLabels as contact, EMAIL_FILE_LABEL } from './record-labels';
import { messages } from './rules';
import { wireJson } from './wire';

// CSV import of companies and contacts: which columns a file may carry, the French headers recognised
// by themselves, the mapping the user may change, and the report of a dry run or of an import, line by line. A line
// is an existing record only by a key that identifies it: a contact's e-mail, a company's SIRET, or the id of the
// « Identifiant » column (which must agree with them); a same phone or name is only a « possible doublon ».

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
    {
      key: 'name',
      label: company.name,
      required: true,
      headers: [company.name, 'Société', 'Nom', 'Entreprise', 'Dénomination'],
    },
    {
      key: 'registrationId',
      label: company.registrationId,
      required: true,
      headers: [company.registrationId, 'N° SIRET', 'Numéro SIRET'],
    },
    // By SIRET or by name: an existing company, or one of the file.
    { key: 'parent', label: company.parentId, required: false, headers: [company.parentId, 'Maison mère'] },
    { key: 'address', label: company.address, required: false, headers: [company.address] },
    { key: 'postalCode', label: company.postalCode, required: false, headers: [company.postalCode, 'CP'] },
    { key: 'city', label: company.city, required: false, headers: [company.city, 'Commune'] },
    { key: 'phone', label: company.phone, required: false, headers: [company.phone, 'Tél', 'Tel'] },
    { key: 'website', label: company.website, required: false, headers: [company.website, 'Site', 'Site internet'] },
    { key: 'sector', label: company.sector, required: false, headers: [company.sector, "Secteur d'activité"] },
    { key: 'owner', label: company.ownerId, required: false, headers: [company.ownerId, 'Trigramme'] },
    // The record's number in the application (the exports write none today): it must name the company the SIRET names.
    { key: 'id', label: 'Identifiant', required: false, headers: ['Identifiant'] },
  ],
  contacts: [
    { key: 'title', label: contact.title, required: true, headers: [contact.title] },
    { key: 'lastName', label: contact.lastName, required: true, headers: [contact.lastName] },
    { key: 'firstName', label: contact.firstName, required: true, headers: [contact.firstName] },
    { key: 'jobTitle', label: contact.jobTitle, required: false, headers: [contact.jobTitle, 'Poste'] },
    {
      key: 'email',
      label: EMAIL_FILE_LABEL,
      required: false,
      headers: [EMAIL_FILE_LABEL, contact.email, 'Courriel', 'Adresse email'],
    },
    { key: 'phone', label: contact.phone, required: false, headers: [contact.phone, 'Tél', 'Tel', 'Mobile'] },
    {
      key: 'company',
      label: contact.companyId,
      required: false,
      headers: [contact.companyId, company.name, 'Entreprise', 'SIRET'],
    },
    { key: 'owner', label: contact.ownerId, required: false, headers: [contact.ownerId, 'Trigramme'] },
    // The record's number in the application: it must name the contact of the line's e-mail, or of its name.
    { key: 'id', label: 'Identifiant', required: false, headers: ['Identifiant'] },
  ],
} as const satisfies Record<ImportKind, readonly ImportField[]>;

export type ImportFieldKey<K extends ImportKind> = (typeof importFields)[K][number]['key'];

// A field's label, by its key.
export function importFieldLabel(kind: ImportKind, key: string): string {
  const fields: readonly ImportField[] = importFields[kind];
  return fields.find((field) => field.key === key)?.label ?? key;
}

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

// What the import does with a line of the file: creates a record, updates an existing one, finds an existing one
// with nothing to change, leaves it out (an existing record the user chose to keep as it is, a possible duplicate
// nothing identifies), or rejects it (a problem in the line: it goes to the rejected rows, to be fixed).
export const importLineFates = ['create', 'update', 'unchanged', 'skip', 'reject'] as const;
export type ImportLineFate = (typeof importLineFates)[number];
export const importLineFateLabels: Record<ImportLineFate, string> = {
  create: 'Création',
  update: 'Mise à jour',
  unchanged: 'Inchangée',
  skip: 'Ignorée',
  reject: 'Rejetée',
};

// The report details this many lines at most: first those that are not plain creations (updates, unchanged, left
// out, rejected, creations with a warning), in the file's order, then plain creations in the room left. The others
// are only counted (`moreLines`), so that the answer for a file of 100 000 lines stays small.
export const IMPORT_REPORT_LINES = 2_000;

const importRecordSchema = z.object({ id: z.number().int(), label: z.string() });
export type ImportRecord = z.infer<typeof importRecordSchema>;

// A field an update changes (the field's key, as in `importFields`), its values as a person reads them.
export const importChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

// A line that resembles an existing record (`record`) or an earlier line of the file (`line`) without being the
// same by a key that identifies it.
export const importWarningSchema = z.object({
  message: z.string(),
  record: importRecordSchema.nullable(),
  line: z.number().int().nullable(),
});
export type ImportWarning = z.infer<typeof importWarningSchema>;

export const importLineSchema = z.object({
  line: z.number().int(),
  fate: z.enum(importLineFates),
  // The record as the line names it (a company's name, a contact's first and last names); empty when unreadable.
  label: z.string(),
  // The existing record the line is (updated, unchanged, or left as it is).
  record: importRecordSchema.nullable(),
  // An update: the fields that change.
  changes: z.array(importChangeSchema),
  // A line left out or rejected: why.
  reasons: z.array(z.string()),
  warnings: z.array(importWarningSchema),
});
export type ImportLine = z.infer<typeof importLineSchema>;

export const importReportSchema = z.object({
  // The import's id, for its undo: null for a dry run, and for an import that created and updated nothing (none
  // recorded, so that the import before it can still be undone).
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
  unchanged: z.number().int(),
  skipped: z.number().int(),
  rejected: z.number().int(),
  problems: z.array(importProblemSchema),
  // The rejected rows as the file had them, each with its reasons: downloadable to be fixed and imported again.
  rejectedRows: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()), reason: z.string() })),
  // The lines detailed, by line (IMPORT_REPORT_LINES), and how many more there are.
  lines: z.array(importLineSchema),
  moreLines: z.number().int(),
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
    report.rejectedRows
      .map((row) => csvRow([...report.headers.map((_header, i) => row.cells[i] ?? ''), row.reason]))
      .join('')
  );
}

// The French words of an import's problems.
export const importMessages = {
  missingColumn: (label: string) => `Colonne obligatoire absente : ${label}`,
  duplicateInFile: (line: number) => `Doublon de la ligne ${line} du fichier`,
  unknownOwner: 'Propriétaire inconnu',
  inactiveOwner: 'Propriétaire désactivé',
  ownerChangeForbidden: 'Changement de propriétaire réservé aux responsables et aux administrateurs',
  unknownCompany: 'Société inconnue',
  inactiveCompany: errorCatalogue.inactiveCompany.text,
  existingName: 'Nom existant (une autre société porte ce nom)',
  unknownTitle: 'Civilité non valide (M., Mme, Mlle, Monsieur, Madame ou Mademoiselle)',
  emptyFile: 'Le fichier ne contient aucune ligne',
  unreadable: 'Fichier illisible : ce n’est pas un fichier CSV',
  // A file refused whole, before any line is read (dataInvalid on `file`, with one of these as its detail).
  utf16:
    'Fichier illisible : il est encodé en UTF-16. Enregistrez-le en « CSV UTF-8 » ou en « CSV (séparateur : point-virgule) »',
  binary:
    'Fichier illisible : ce n’est pas un fichier texte CSV (un classeur Excel, une image, un PDF ?). Enregistrez-le en « CSV UTF-8 »',
  nul: (line: number) =>
    `Fichier illisible : il contient un caractère nul (octet 0) ligne ${line}, ce qu’un fichier CSV ne contient jamais`,
  openQuote: (line: number, column: string, text: string) =>
    `Guillemet jamais refermé ligne ${line}, colonne « ${column} » : « "${text}… ». Tout ce qui le suit jusqu’à la fin du fichier serait lu comme une seule cellule : refermez-le, ou doublez-le ("") s’il fait partie du texte`,
  changedSince: 'modifiée depuis l’import',
  hasTodos: 'a des tâches',
  hasContacts: 'a des contacts ou des filiales ajoutés depuis',
  // Matching: a record is found by a key that identifies it (a contact's e-mail, a company's SIRET, the id), never
  // by what only resembles it.
  invalidId: 'Identifiant non valide',
  unknownId: 'Identifiant inconnu : aucune fiche ne porte ce numéro',
  sharedEmail: 'Adresse email portée par plusieurs contacts : impossible de savoir lequel mettre à jour',
  idConflict: (byKey: string, byId: string) =>
    `Ligne contradictoire : l’identifiant désigne ${byId}, mais la ligne désigne ${byKey}`,
  idNotConfirmed: (record: string) =>
    `L’identifiant désigne ${record}, que la ligne ne nomme pas (ni son e-mail ni son nom)`,
  idOtherSiret: (record: string) => `L’identifiant désigne ${record}, dont le SIRET n’est pas celui de la ligne`,
  possibleDuplicate: (record: string, why: string) => `Possible doublon de ${record} : ${why}`,
  possibleDuplicateOfLine: (line: number, why: string) => `Possible doublon de la ligne ${line} du fichier : ${why}`,
  samePhone: duplicateReasonLabels.phone,
  sameName: duplicateReasonLabels.name,
  sameNameUnidentified:
    'Possible doublon d’un contact existant : ni e-mail ni identifiant pour le reconnaître, la ligne n’est pas importée',
  existingKept: 'Fiche existante laissée telle quelle (« Ignorer les fiches existantes »)',
  // A company's parent.
  unknownParent: 'Société mère inconnue (ni dans la base ni dans le fichier)',
  ambiguousParent: (line: number, record: string) =>
    `Société mère ambiguë : désigne ${record} et la ligne ${line} du fichier`,
  parentNotImported: (line: number) => `Société mère non importée (ligne ${line} du fichier)`,
  ownParent: 'Une société ne peut pas être sa propre société mère',
  parentCycle: (lines: number[]) => `Sociétés mères en boucle (lignes ${lines.join(', ')} du fichier)`,
  parentIsSubsidiary: 'La société mère est l’une de ses filiales',
  inactiveParent: errorCatalogue.inactiveParentCompany.text,
  // How a record is named in a message.
  record: (label: string, id: number) => `« ${label} » (n° ${id})`,
  emptyValue: '(vide)',
} as const;
