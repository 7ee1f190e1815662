import { z } from 'zod';
import { contactSummarySchema } from './contact';

// Read-only detail views (ARCHITECTURE section 5): a contact with its ways to reach them, a company with its
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
  owner: z.object({ id: z.number().int(), trigram: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

// A SIRET shown the French way: 732 829 320 00074 (SIREN in three groups, then the NIC).
export function formatRegistrationId(value: string): string {
  if (!/^\d{14}$/.test(value)) return value;
  return `${value.slice(0, 3)} ${value.slice(3, 6)} ${value.slice(6, 9)} ${value.slice(9)}`;
}
