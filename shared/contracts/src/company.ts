import { z } from 'zod';
import { contactSummarySchema } from './contact';
import { taskStyleSchema } from './task';
import { optionalParam, sortedListQuerySchema } from './paging';
import { messages } from './rules';
import { fields, hasNoNul, nullableFields } from './validation';
import { versionField, versionParam } from './versions';
import { wireBoolean } from './wire';

// Read-only detail views: a contact with its ways to reach them, a company with its
// parent, its subsidiaries and its contacts.
export const contactDetailSchema = contactSummarySchema.extend({
  email: z.string().nullable(),
  // Stored normalized (0033XXXXXXXXX); shown with formatPhone.
  phone: z.string().nullable(),
});
export type ContactDetail = z.infer<typeof contactDetailSchema>;

export const companySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  registrationId: z.string(),
  city: z.string().nullable(),
  isActive: z.boolean(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const companyDetailSchema = companySummarySchema.extend({
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  sector: z.string().nullable(),
  parent: companySummarySchema.nullable(),
  subsidiaries: z.array(companySummarySchema),
  contacts: z.array(contactDetailSchema),
  owner: z
    .object({ id: z.number().int(), trigram: z.string(), firstName: z.string(), lastName: z.string() })
    .nullable(),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

// --- The companies list and panel (/liste-societes) ---

export const companySortKeys = [
  'name',
  'registrationId',
  'parent',
  'subsidiaryCount',
  'activeContactCount',
  'postalCode',
  'city',
  'sector',
  'owner',
  'isActive',
] as const;
export type CompanySortKey = (typeof companySortKeys)[number];

export const companyKinds = ['head', 'subsidiary'] as const;
export const companyKindLabels: Record<(typeof companyKinds)[number], string> = {
  head: 'Société mère',
  subsidiary: 'Filiale',
};

export const companiesQuerySchema = sortedListQuerySchema(companySortKeys).extend({
  isActive: optionalParam(wireBoolean),
  kind: optionalParam(z.enum(companyKinds, { error: messages.invalid })),
  sector: optionalParam(z.string().trim().max(100, messages.invalid).refine(hasNoNul, messages.invalid)),
  ownerId: optionalParam(fields.id()),
});
export type CompaniesQuery = z.input<typeof companiesQuerySchema>;

const ref = z.object({ id: z.number().int(), name: z.string() });
const ownerRef = z.object({ id: z.number().int(), trigram: z.string() });

export const companyListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  registrationId: z.string(),
  parent: ref.nullable(),
  subsidiaryCount: z.number().int(),
  activeContactCount: z.number().int(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  // Stored normalized (0033XXXXXXXXX); shown with formatPhone.
  phone: z.string().nullable(),
  website: z.string().nullable(),
  sector: z.string().nullable(),
  owner: ownerRef,
  isActive: z.boolean(),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

// What the panel edits, as the server keeps it.
export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  registrationId: z.string(),
  parentId: z.number().int().nullable(),
  parent: ref.nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  // Stored normalized (0033XXXXXXXXX); shown with formatPhone.
  phone: z.string().nullable(),
  website: z.string().nullable(),
  sector: z.string().nullable(),
  ownerId: z.number().int(),
  owner: ownerRef,
  isActive: z.boolean(),
  createdAt: z.string(),
  version: versionField,
});
export type Company = z.infer<typeof companySchema>;

// GET /company/{id}: the company with what the panel shows beside the form.
export const companyOpenTodoSchema = z.object({
  id: z.number().int(),
  deadline: z.string(),
  task: z.object({ description: z.string(), style: taskStyleSchema }),
  contact: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  owner: z.object({ id: z.number().int(), trigram: z.string() }),
});
export type CompanyOpenTodo = z.infer<typeof companyOpenTodoSchema>;

export const companyViewSchema = companySchema.extend({
  subsidiaries: z.array(companyListItemSchema),
  contacts: z.array(contactSummarySchema),
  // The pending todos of its contacts, by deadline.
  openTodos: z.array(companyOpenTodoSchema),
});
export type CompanyView = z.infer<typeof companyViewSchema>;

// POST /company/store and /company/{id}/store (multipart). Deactivation is `isActive` = 0, under the rules.
export const companyStorePayloadSchema = z.object({
  name: fields.requiredText(255),
  registrationId: fields.registrationId(),
  parentId: nullableFields.id(),
  address: nullableFields.text(255),
  postalCode: nullableFields.postalCode(),
  city: nullableFields.text(100),
  phone: nullableFields.phone(),
  website: nullableFields.website(),
  sector: nullableFields.text(100),
  ownerId: fields.id(),
  isActive: wireBoolean.default(true),
});
export type CompanyStorePayload = z.input<typeof companyStorePayloadSchema>;
export type CompanyChanges = z.output<typeof companyStorePayloadSchema>;
// An update names the version it was made from (versions.ts).
export const companyUpdatePayloadSchema = companyStorePayloadSchema.extend({ version: versionParam });
export type CompanyUpdatePayload = z.input<typeof companyUpdatePayloadSchema>;
