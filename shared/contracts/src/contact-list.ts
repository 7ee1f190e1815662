import { z } from 'zod';
import { contactSummarySchema } from './contact';
import { optionalParam, sortedListQuerySchema } from './paging';
import { messages } from './rules';
import { taskStyleSchema } from './task';
import { personTitles } from './user';
import { fields, hasNoNul, nullableFields } from './validation';
import { versionField, versionParam } from './versions';
import { wireBoolean, wireJson } from './wire';

// The contacts list and panel (/liste-contacts): what only the pages that list or edit contacts need.
// Whose contacts a list shows: mine, my team's (the users with my leader, my leader, those I lead), or all.
export const contactScopes = ['my', 'team', 'all'] as const;
export type ContactScope = (typeof contactScopes)[number];
export const contactScopeLabels: Record<ContactScope, string> = {
  my: 'Mes contacts',
  team: 'Contacts de mon équipe',
  all: 'Tous les contacts',
};

export const contactSortKeys = [
  'name',
  'company',
  'jobTitle',
  'phone',
  'email',
  'owner',
  'nextTodo',
  'lastTodo',
  'isActive',
] as const;
export type ContactSortKey = (typeof contactSortKeys)[number];

export const contactsQuerySchema = sortedListQuerySchema(contactSortKeys).extend({
  scope: z.enum(contactScopes, { error: messages.invalid }).default('all'),
  companyId: optionalParam(fields.id()),
  ownerId: optionalParam(fields.id()),
  // true: en veille only; false: active only.
  standby: optionalParam(wireBoolean),
  // true: only contacts with a pending todo past its deadline.
  late: optionalParam(wireBoolean),
});
export type ContactsQuery = z.input<typeof contactsQuerySchema>;

const todoBrief = z.object({
  id: z.number().int(),
  deadline: z.string(),
  executionDate: z.string().nullable(),
  task: z.object({ description: z.string(), style: taskStyleSchema }),
});

export const contactListItemSchema = contactSummarySchema.extend({
  email: z.string().nullable(),
  // Stored normalized (0033XXXXXXXXX); shown with formatPhone.
  phone: z.string().nullable(),
  owner: z.object({ id: z.number().int(), trigram: z.string() }),
  // The pending todo due first, and the todo accomplished last.
  nextTodo: todoBrief.nullable(),
  lastTodo: todoBrief.nullable(),
  // What a change made from this read names (a merge from the list's selection, the panel's save).
  version: versionField,
});
export type ContactListItem = z.infer<typeof contactListItemSchema>;

// What the panel edits, as the server keeps it. A contact merged into another is gone from every list; read by its id,
// it names the contact it was merged into.
export const contactSchema = contactListItemSchema.extend({
  createdAt: z.string(),
  mergedIntoId: z.number().int().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

// POST /contact/store and /contact/{id}/store (multipart). A contact is active exactly when it has a pending todo:
// a new one starts en veille, and its state follows its todos. `isActive`, when sent, must be the state the contact
// has: 0 on an active contact is refused (cantDeactivateContactWithTodos), 1 on a contact en veille too (notAllowed).
export const contactStorePayloadSchema = z.object({
  title: z.enum(personTitles, { error: messages.required }),
  firstName: fields.requiredText(100),
  lastName: fields.requiredText(100),
  jobTitle: nullableFields.text(150),
  email: nullableFields.email(),
  phone: nullableFields.phone(),
  companyId: nullableFields.id(),
  ownerId: fields.id(),
  isActive: optionalParam(wireBoolean),
});
export type ContactStorePayload = z.input<typeof contactStorePayloadSchema>;
export type ContactChanges = z.output<typeof contactStorePayloadSchema>;
// An update names the version it was made from (versions.ts).
export const contactUpdatePayloadSchema = contactStorePayloadSchema.extend({ version: versionParam });
export type ContactUpdatePayload = z.input<typeof contactUpdatePayloadSchema>;

// GET /contacts/duplicates: the contacts a new or edited contact would duplicate, before it is saved.
export const contactDuplicatesQuerySchema = z.object({
  email: nullableFields.email(),
  phone: nullableFields.phone(),
  firstName: optionalParam(z.string().trim().max(100, messages.invalid).refine(hasNoNul, messages.invalid)),
  lastName: optionalParam(z.string().trim().max(100, messages.invalid).refine(hasNoNul, messages.invalid)),
  companyId: nullableFields.id(),
  // The contact being edited, never its own duplicate.
  excludeId: nullableFields.id(),
});
export const duplicateReasons = ['email', 'phone', 'name'] as const;
export const duplicateReasonLabels: Record<(typeof duplicateReasons)[number], string> = {
  email: 'même adresse email',
  phone: 'même téléphone',
  name: 'même nom dans la même société',
};
export const contactDuplicateSchema = z.object({
  contact: contactSummarySchema,
  reasons: z.array(z.enum(duplicateReasons)),
});
export type ContactDuplicate = z.infer<typeof contactDuplicateSchema>;

// POST /contacts/owner: give a selection of contacts to another user.
export const contactsOwnerPayloadSchema = z.object({
  ids: wireJson(
    z.array(fields.id(), { error: messages.invalid }).min(1, messages.required).max(1000, messages.invalid),
  ),
  ownerId: fields.id(),
});

// POST /contact/{id}/merge: the duplicate's todos and history move to this contact, which takes the field values
// the user kept; the duplicate is merged away (gone from every list, never to be revived). Both versions read are
// sent: a merge over a newer change of either contact is refused (editConflict).
export const contactMergePayloadSchema = contactStorePayloadSchema
  .omit({ isActive: true })
  .extend({ duplicateId: fields.id(), version: versionParam, duplicateVersion: versionParam });
