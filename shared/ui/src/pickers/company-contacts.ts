import { callEndpoint } from '@bo/client';
import { contactName, endpoints } from '@bo/contracts/records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Option } from '../form/inputs';

// One company as a picker reads it (its name, its contacts): a needs sheet's contact follows its company picker,
// and the wizard's check step names both.
export const pickedCompanyQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['companies', 'one', companyId, 'picked'],
    queryFn: ({ signal }) => callEndpoint(endpoints.company, { path: { id: companyId }, signal }),
  });

// The active contacts of a company to choose from, and the one already chosen even when inactive (shown as such).
export function useCompanyContactOptions(
  companyId: number | null,
  currentId?: number | null,
): { options: Option[]; loading: boolean } {
  const company = useQuery({ ...pickedCompanyQueryOptions(companyId ?? 0), enabled: companyId !== null });
  const options = (company.data?.contacts ?? [])
    .filter((contact) => contact.isActive || contact.id === currentId)
    .map((contact) => ({
      value: contact.id,
      label: `${contactName(contact)}${contact.jobTitle ? ` – ${contact.jobTitle}` : ''}${contact.isActive ? '' : ' (en veille)'}`,
    }));
  return { options, loading: companyId !== null && company.isPending };
}

// The name of a chosen company (null while it loads).
export function usePickedCompanyName(companyId: number | null): string | null {
  const company = useQuery({ ...pickedCompanyQueryOptions(companyId ?? 0), enabled: companyId !== null });
  return company.data?.name ?? null;
}
