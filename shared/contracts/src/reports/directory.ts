import { z } from 'zod';
import { type CsvColumn } from '../csv';
import { pageParams } from '../paging';
import { contactFieldLabels, EMAIL_FILE_LABEL } from '../record-labels';
import { personTitleLabels, personTitles } from '../user';
import { formatPhone } from '../validation';
import { search } from './fields';

// --- Directory (/rapports/annuaire) ---

const directorySearch = { search: z.preprocess((value) => (value === '' ? undefined : value), search.optional()) };
export const directoryQuerySchema = z.object({ ...directorySearch, ...pageParams });
export const directoryExportQuerySchema = z.object(directorySearch);
export type DirectoryQuery = z.input<typeof directoryQuerySchema>;

export const directoryContactSchema = z.object({
  id: z.number().int(),
  title: z.enum(personTitles),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type DirectoryContact = z.infer<typeof directoryContactSchema>;

export const directoryCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  parentId: z.number().int().nullable(),
  // 0 for the group's head, 1 for its subsidiaries, and so on.
  depth: z.number().int(),
  contacts: z.array(directoryContactSchema),
});
export type DirectoryCompany = z.infer<typeof directoryCompanySchema>;

// One group: its head first, then each subsidiary after its parent.
export const directoryGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  companies: z.array(directoryCompanySchema),
});
export type DirectoryGroup = z.infer<typeof directoryGroupSchema>;

// A CSV line of the directory: a company, or one of its contacts.
export type DirectoryCsvRow = {
  group: string;
  company: string;
  parent: string | null;
  city: string | null;
  contact: DirectoryContact | null;
};

// --- CSV (French Excel: see csv.ts) ---

export const directoryCsvColumns: readonly CsvColumn<DirectoryCsvRow>[] = [
  { title: 'Groupe', value: (r) => r.group },
  { title: 'Société', value: (r) => r.company },
  { title: 'Société mère', value: (r) => r.parent },
  { title: 'Ville', value: (r) => r.city },
  { title: contactFieldLabels.title, value: (r) => (r.contact ? personTitleLabels[r.contact.title] : null) },
  { title: contactFieldLabels.firstName, value: (r) => r.contact?.firstName },
  { title: contactFieldLabels.lastName, value: (r) => r.contact?.lastName },
  { title: contactFieldLabels.jobTitle, value: (r) => r.contact?.jobTitle },
  { title: contactFieldLabels.phone, value: (r) => (r.contact?.phone ? formatPhone(r.contact.phone) : null) },
  { title: EMAIL_FILE_LABEL, value: (r) => r.contact?.email },
];
