import { callEndpoint } from '@bo/client';
import { contactName, endpoints } from '@bo/contracts/records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Option } from '../form/inputs';

// One company's contacts, for a picker that follows a company picker (a needs sheet's contact, for instance).
export const companyContactsQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['companies', 'one', companyId, 'contacts'],
    queryFn: async ({ signal }) => (await callEndpoint(endpoints.company, { path: { id: companyId }, signal })).contacts,
  });

// The active contacts of a company to choose from, and the one already chosen even when inactive (shown as such).
export function useCompanyContactOptions(companyId: number | null, currentId?: number | null): { options: Option[]; loading: boolean } {
  const contacts = useQuery({ ...companyContactsQueryOptions(companyId ?? 0), enabled: companyId !== null });
  const options = (contacts.data ?? [])
    .filter((contact) => contact.isActive || contact.id === currentId)
    .map((contact) => ({
      value: contact.id,
      label: `${contactName(contact)}${contact.jobTitle ? ` – ${contact.jobTitle}` : ''}${contact.isActive ? '' : ' (en veille)'}`,
    }));
  return { options, loading: companyId !== null && contacts.isPending };
}
