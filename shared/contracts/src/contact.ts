import { z } from 'zod';
import { personTitles } from './user';
import { hasNoNul } from './validation';
import { wireInteger } from './wire';

export const contactSummarySchema = z.object({
  id: z.number().int(),
  title: z.enum(personTitles),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string().nullable(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  ownerId: z.number().int(),
  isActive: z.boolean(),
});
export type ContactSummary = z.infer<typeof contactSummarySchema>;

export const standbyListsSchema = z.object({
  myContacts: z.array(contactSummarySchema),
  teamContacts: z.array(contactSummarySchema),
  allContacts: z.array(contactSummarySchema),
});
export type StandbyLists = z.infer<typeof standbyListsSchema>;
export type StandbyListName = keyof StandbyLists;

export const standbyListLabels: Record<StandbyListName, string> = {
  myContacts: 'Mes contacts',
  teamContacts: 'Contacts de mon équipe',
  allContacts: 'Tous les contacts',
};

// Autocomplete defaults: wait 200 ms after a key, search from 2 characters, show at most 100 results.
export const AUTOCOMPLETE = { delayMs: 200, minLength: 2, maxResults: 100 } as const;

export const contactSearchQuerySchema = z.object({
  q: z.string().trim().min(AUTOCOMPLETE.minLength).max(100).refine(hasNoNul),
  limit: wireInteger(1, AUTOCOMPLETE.maxResults).default(AUTOCOMPLETE.maxResults),
});

export function contactName(contact: Pick<ContactSummary, 'firstName' | 'lastName'>): string {
  return `${contact.firstName} ${contact.lastName}`.trim();
}
