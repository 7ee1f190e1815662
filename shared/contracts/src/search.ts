import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from './paging';
import { permission, type Permission } from './permissions';
import type { RecordType } from './routes';
import { messages } from './rules';
import { hasNoNul } from './validation';

// One search box for every kind of record (Ctrl+K or "/" from any page): companies, contacts, needs sheets, and for an
// admin the users; case and accents ignored, grouped by kind, the best match first.

// The autocomplete's defaults of the spec: typed for 200 ms, from 2 characters.
export const SEARCH_DELAY_MS = 200;
export const SEARCH_MIN_LENGTH = 2;
// Each kind's best matches.
export const SEARCH_PER_KIND = 6;

// The kinds in the order the box shows them, each with its group's title.
export const searchKinds = ['contact', 'company', 'needsSheet', 'user'] as const satisfies readonly RecordType[];
export type SearchKind = (typeof searchKinds)[number];
export const searchKindLabels: Record<SearchKind, string> = {
  contact: 'Contacts',
  company: 'Sociétés',
  needsSheet: 'Fiches de besoin',
  user: 'Utilisateurs',
};

// What a user must be allowed to find each kind: read it (the permission table's own entries).
export const searchKindPermissions: Record<SearchKind, Permission> = {
  contact: permission('contact', 'read'),
  company: permission('company', 'read'),
  needsSheet: permission('needsSheet', 'read'),
  user: permission('administration', 'manage'),
};

export const globalSearchQuerySchema = z.object({
  q: z
    .string({ error: messages.invalid })
    .trim()
    .min(SEARCH_MIN_LENGTH, messages.invalid)
    .max(SEARCH_MAX_LENGTH, messages.invalid)
    .refine(hasNoNul, messages.invalid),
});

export const searchHitSchema = z.object({
  kind: z.enum(searchKinds),
  id: z.number().int(),
  label: z.string(),
  // A second line: a contact's company, a company's city, a sheet's company, a user's trigram.
  detail: z.string().nullable(),
  // False: a record no longer in use (a company closed, a contact en veille, a sheet closed, a user deactivated).
  active: z.boolean(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

// By kind in `searchKinds` order, each kind's best match first.
export const searchResultSchema = z.array(searchHitSchema);
