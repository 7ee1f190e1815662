import { z } from 'zod';
import { addDays } from './dates';
import { optionalParam, pageParams, sortedListQuerySchema } from './paging';
import { can } from './permissions';
import { hasAnyRole, type RoleFlags, type RoleName } from './roles';
import { messages } from './rules';
import { fields, hasNoNul, nullableFields } from './validation';
import { versionField, versionParam } from './versions';
import { wireBoolean, wireCalendarDate, wireInteger, wireJson } from './wire';

// Needs sheets (fiches de besoin): what a client company asks for, from the first call until the
// positions are filled, with the models that pre-fill a sheet. The statuses an admin manages are in
// needs-sheet-statuses.ts, the CSV export's columns in needs-sheet-csv.ts.

// A sheet's deadline is its received date plus this many days, unless its model says otherwise.
export const NEEDS_SHEET_DEADLINE_DAYS = 10;

export function defaultNeedsSheetDeadline(receivedDate: string, delayDays: number = NEEDS_SHEET_DEADLINE_DAYS): string {
  return addDays(receivedDate, delayDays);
}

// BES-2026-0042: the year it was received in and its number in that year.
export const NEEDS_SHEET_REFERENCE_PREFIX = 'BES';
export function needsSheetReference(year: number, sequence: number): string {
  return `${NEEDS_SHEET_REFERENCE_PREFIX}-${year}-${String(sequence).padStart(4, '0')}`;
}

// Enumerations: English on the wire, French on screen.
export const seniorities = ['junior', 'confirmed', 'senior', 'expert'] as const;
export type Seniority = (typeof seniorities)[number];
export const seniorityLabels: Record<Seniority, string> = {
  junior: 'Junior',
  confirmed: 'Confirmé',
  senior: 'Senior',
  expert: 'Expert',
};

export const contractTypes = ['regie', 'fixedPrice', 'permanent', 'fixedTerm', 'freelance'] as const;
export type ContractType = (typeof contractTypes)[number];
export const contractTypeLabels: Record<ContractType, string> = {
  regie: 'Régie / assistance technique',
  fixedPrice: 'Forfait',
  permanent: 'CDI',
  fixedTerm: 'CDD',
  freelance: 'Freelance',
};

export const needsPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export type NeedsPriority = (typeof needsPriorities)[number];
export const needsPriorityLabels: Record<NeedsPriority, string> = {
  low: 'Basse',
  normal: 'Normale',
  high: 'Haute',
  urgent: 'Urgente',
};

export const needsSheetScopes = ['my', 'team', 'all'] as const;
export type NeedsSheetScope = (typeof needsSheetScopes)[number];
export const needsSheetScopeLabels: Record<NeedsSheetScope, string> = {
  my: 'Mes fiches',
  team: 'Fiches de mon équipe',
  all: 'Toutes les fiches',
};

export const MAX_SKILLS = 30;
export const MAX_REMOTE_DAYS = 5;
export const MAX_POSITIONS = 999;
export const MAX_RATE = 10_000_000;
export const MAX_DELAY_DAYS = 365;
export const MAX_DURATION_MONTHS = 120;

// What a sheet's own rules say when broken, under the field at fault: which rule, in the field's words.
const frenchCount = (value: number) => value.toLocaleString('fr-FR');
export const needsSheetMessages = {
  remoteDays: `Entre 0 et ${MAX_REMOTE_DAYS} jours de télétravail par semaine`,
  durationMonths: `Entre 1 et ${MAX_DURATION_MONTHS} mois`,
  rate: `Un montant entre 0 et ${frenchCount(MAX_RATE)} €`,
  rateMaxBelowMin: 'Le maximum ne peut pas être inférieur au minimum',
  positions: `Entre 1 et ${MAX_POSITIONS} postes`,
  positionsFilled: `Entre 0 et ${MAX_POSITIONS} postes`,
  filledOverPositions: 'Les postes pourvus ne peuvent pas dépasser les postes demandés',
  deadlineBeforeReceived: 'L’échéance ne peut pas précéder la date de réception',
} as const;

const skill = z
  .string({ error: messages.invalid })
  .trim()
  .min(1, messages.invalid)
  .max(60, messages.invalid)
  .refine(hasNoNul, messages.invalid);
// Tags arrive as a JSON array of strings; duplicates (case ignored) are kept once.
const skillList = () =>
  wireJson(z.array(skill, { error: messages.invalid }).max(MAX_SKILLS, messages.invalid))
    .default([])
    .transform((list) =>
      list.filter((value, index) => list.findIndex((other) => other.toLowerCase() === value.toLowerCase()) === index),
    );
const idList = () =>
  wireJson(z.array(fields.id(), { error: messages.invalid }).max(20, messages.invalid))
    .default([])
    .transform((list) => [...new Set(list)]);
const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const nullableInteger = (min: number, max: number, outOfRange?: string) =>
  z.preprocess(emptyToNull, wireInteger(min, max, outOfRange).nullable());
const nullableDate = () => z.preprocess(emptyToNull, wireCalendarDate().nullable());

// --- Models (/fiches-de-besoin/models) ---

export const needsSheetModelSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  skills: z.array(z.string()),
  seniority: z.enum(seniorities).nullable(),
  contractType: z.enum(contractTypes).nullable(),
  // Days between the received date and the deadline of a sheet made from it.
  delay: z.number().int(),
  isActive: z.boolean(),
});
export type NeedsSheetModel = z.infer<typeof needsSheetModelSchema>;

export const needsSheetModelStorePayloadSchema = z.object({
  title: fields.requiredText(150),
  description: fields.optionalText(10_000).default(''),
  skills: skillList(),
  seniority: z.preprocess(emptyToNull, z.enum(seniorities, { error: messages.invalid }).nullable()),
  contractType: z.preprocess(emptyToNull, z.enum(contractTypes, { error: messages.invalid }).nullable()),
  delay: wireInteger(0, MAX_DELAY_DAYS).default(NEEDS_SHEET_DEADLINE_DAYS),
  isActive: wireBoolean.default(true),
});
export type NeedsSheetModelStorePayload = z.input<typeof needsSheetModelStorePayloadSchema>;
export type NeedsSheetModelChanges = z.output<typeof needsSheetModelStorePayloadSchema>;

export const needsSheetModelsQuerySchema = z.object({
  // Archived models too (the models page); the wizard offers active ones only.
  withArchived: optionalParam(wireBoolean),
});

// --- Sheets ---

export const needsSheetSortKeys = [
  'reference',
  'title',
  'company',
  'contact',
  'status',
  'priority',
  'positions',
  'owner',
  'deadline',
  'receivedDate',
] as const;
export type NeedsSheetSortKey = (typeof needsSheetSortKeys)[number];

const listFilters = {
  scope: z.enum(needsSheetScopes, { error: messages.invalid }).default('all'),
  statusId: optionalParam(fields.id()),
  // true: sheets whose status does not close them; false: closed ones.
  open: optionalParam(wireBoolean),
  companyId: optionalParam(fields.id()),
  ownerId: optionalParam(fields.id()),
  recruiterId: optionalParam(fields.id()),
  priority: optionalParam(z.enum(needsPriorities, { error: messages.invalid })),
  // true: open sheets whose deadline has passed.
  late: optionalParam(wireBoolean),
};

export const needsSheetsQuerySchema = sortedListQuerySchema(needsSheetSortKeys).extend(listFilters);
export type NeedsSheetsQuery = z.input<typeof needsSheetsQuerySchema>;

export const NEEDS_SEARCH_MAX_LENGTH = 200;
// GET /needs-sheets/search: full text (title, description, skills), ranked, with the list's filters.
export const needsSheetSearchQuerySchema = z.object({
  q: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(NEEDS_SEARCH_MAX_LENGTH, messages.invalid)
    .refine(hasNoNul, messages.invalid),
  ...listFilters,
  ...pageParams,
});
export type NeedsSheetSearchQuery = z.input<typeof needsSheetSearchQuerySchema>;

const userRef = z.object({ id: z.number().int(), trigram: z.string() });
const statusRef = z.object({ id: z.number().int(), label: z.string(), color: z.string(), closes: z.boolean() });

export const needsSheetListItemSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  title: z.string(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  contact: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  status: statusRef,
  priority: z.enum(needsPriorities),
  positions: z.number().int(),
  positionsFilled: z.number().int(),
  owner: userRef,
  recruiters: z.array(userRef),
  receivedDate: z.string(),
  deadline: z.string(),
  // The deadline has passed and the status does not close the sheet.
  isLate: z.boolean(),
  isActive: z.boolean(),
});
export type NeedsSheetListItem = z.infer<typeof needsSheetListItemSchema>;

export const needsSheetSearchItemSchema = needsSheetListItemSchema.extend({
  rank: z.number(),
  // Snippets of the title, description and skills with the matched words in <mark>.
  highlights: z.array(z.string()),
});
export type NeedsSheetSearchItem = z.infer<typeof needsSheetSearchItemSchema>;

export const needsSheetSchema = needsSheetListItemSchema.extend({
  companyId: z.number().int(),
  contactId: z.number().int(),
  description: z.string(),
  skills: z.array(z.string()),
  niceToHave: z.array(z.string()),
  seniority: z.enum(seniorities),
  place: z.string().nullable(),
  remoteDays: z.number().int(),
  // null: as soon as possible.
  startDate: z.string().nullable(),
  durationMonths: z.number().int().nullable(),
  contractType: z.enum(contractTypes),
  rateMin: z.number().int().nullable(),
  rateMax: z.number().int().nullable(),
  ownerId: z.number().int(),
  recruiterIds: z.array(z.number().int()),
  statusId: z.number().int(),
  modelId: z.number().int().nullable(),
  createdAt: z.string(),
  // One more at each change of the sheet, its status included (versions.ts).
  version: versionField,
});
export type NeedsSheet = z.infer<typeof needsSheetSchema>;

// POST /needs-sheet/store and /needs-sheet/{id}/store (multipart). Arrays travel as JSON strings. A missing
// deadline is the received date plus the model's delay (or NEEDS_SHEET_DEADLINE_DAYS); a missing status is the
// first active one.
const needsSheetFields = z.object({
  companyId: fields.id(),
  contactId: fields.id(),
  title: fields.requiredText(150),
  description: fields.optionalText(10_000).default(''),
  skills: skillList(),
  niceToHave: skillList(),
  seniority: z.enum(seniorities, { error: messages.required }),
  place: nullableFields.text(150),
  remoteDays: wireInteger(0, MAX_REMOTE_DAYS, needsSheetMessages.remoteDays).default(0),
  startDate: nullableDate(),
  durationMonths: nullableInteger(1, MAX_DURATION_MONTHS, needsSheetMessages.durationMonths),
  contractType: z.enum(contractTypes, { error: messages.required }),
  rateMin: nullableInteger(0, MAX_RATE, needsSheetMessages.rate),
  rateMax: nullableInteger(0, MAX_RATE, needsSheetMessages.rate),
  positions: wireInteger(1, MAX_POSITIONS, needsSheetMessages.positions).default(1),
  positionsFilled: wireInteger(0, MAX_POSITIONS, needsSheetMessages.positionsFilled).default(0),
  priority: z.enum(needsPriorities, { error: messages.invalid }).default('normal'),
  ownerId: fields.id(),
  recruiterIds: idList(),
  receivedDate: nullableDate(),
  deadline: nullableDate(),
  statusId: nullableFields.id(),
  modelId: nullableFields.id(),
  isActive: wireBoolean.default(true),
});
type NeedsSheetFields = z.output<typeof needsSheetFields>;

function checkNeedsSheet(value: NeedsSheetFields, context: z.RefinementCtx) {
  if (value.rateMin !== null && value.rateMax !== null && value.rateMin > value.rateMax) {
    context.addIssue({ code: 'custom', path: ['rateMax'], message: needsSheetMessages.rateMaxBelowMin });
  }
  if (value.positionsFilled > value.positions) {
    context.addIssue({ code: 'custom', path: ['positionsFilled'], message: needsSheetMessages.filledOverPositions });
  }
  if (value.receivedDate !== null && value.deadline !== null && value.deadline < value.receivedDate) {
    context.addIssue({ code: 'custom', path: ['deadline'], message: needsSheetMessages.deadlineBeforeReceived });
  }
}
export const needsSheetStorePayloadSchema = needsSheetFields.superRefine(checkNeedsSheet);
// An update names the version it was made from (versions.ts).
export const needsSheetUpdatePayloadSchema = needsSheetFields
  .extend({ version: versionParam })
  .superRefine(checkNeedsSheet);
export type NeedsSheetStorePayload = z.input<typeof needsSheetStorePayloadSchema>;
export type NeedsSheetChanges = z.output<typeof needsSheetStorePayloadSchema>;

// POST /needs-sheet/{id}/status: a status change and why.
// The sheet's version as the panel read it: a change over a newer one is refused (editConflict).
export const needsSheetStatusChangePayloadSchema = z.object({
  statusId: fields.id(),
  version: versionParam,
  comment: z.preprocess(
    emptyToNull,
    z
      .string({ error: messages.invalid })
      .trim()
      .max(2000, messages.invalid)
      .refine(hasNoNul, messages.invalid)
      .nullable(),
  ),
});
export type NeedsSheetStatusChangePayload = z.input<typeof needsSheetStatusChangePayloadSchema>;

// Who may change the status of a sheet (POST /need/{id}/status), on top of the permission table: the business side
// any sheet's; a member of the recruitment team without a business role, only a sheet they are assigned to.
const statusChangeAnySheet: readonly RoleName[] = ['admin', 'businessLeader', 'businessTeam'];
export function mayChangeNeedsSheetStatus(
  user: { id: number; role: RoleFlags },
  sheet: { recruiterIds: readonly number[] },
): boolean {
  if (!can(user.role, 'needsSheetProgress', 'update')) return false;
  return hasAnyRole(user.role, statusChangeAnySheet) || sheet.recruiterIds.includes(user.id);
}

// The French words of the sheets' history lines.
export const needsSheetFieldLabels: Record<string, string> = {
  reference: 'Référence',
  companyId: 'Société',
  contactId: 'Contact',
  title: 'Intitulé du poste',
  description: 'Description',
  skills: 'Compétences requises',
  niceToHave: 'Compétences appréciées',
  seniority: 'Séniorité',
  place: 'Lieu',
  remoteDays: 'Télétravail (jours par semaine)',
  startDate: 'Démarrage',
  durationMonths: 'Durée (mois)',
  contractType: 'Type de contrat',
  rateMin: 'TJM ou salaire minimum',
  rateMax: 'TJM ou salaire maximum',
  positions: 'Postes demandés',
  positionsFilled: 'Postes pourvus',
  priority: 'Priorité',
  ownerId: 'Responsable',
  recruiterIds: 'Recruteurs',
  receivedDate: 'Reçue le',
  deadline: 'Échéance',
  statusId: 'Statut',
  status: 'Statut',
  comment: 'Commentaire',
  isActive: 'Active',
};
