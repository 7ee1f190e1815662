import { callEndpoint } from '@bo/client';
import { AUTOCOMPLETE, endpoints, formatRegistrationId } from '@bo/contracts/records';
import type { Option } from '../form/inputs';

// The companies whose name, SIRET or city contains the text (accents and case ignored), for an autocomplete;
// `activeOnly` for a parent company or a contact's company, `exclude` for the record itself and its subsidiaries.
const companyLabel = (company: { name: string; city: string | null; registrationId: string }) =>
  `${company.name}${company.city ? ` (${company.city})` : ''} – ${formatRegistrationId(company.registrationId)}`;

export async function searchCompanyOptions(
  text: string,
  signal: AbortSignal,
  { activeOnly = true, exclude = [] }: { activeOnly?: boolean; exclude?: readonly number[] } = {},
): Promise<Option[]> {
  const page = await callEndpoint(endpoints.companies, {
    params: { search: text, isActive: activeOnly ? true : undefined, sort: 'name', order: 'asc', page: 1, perPage: 50 },
    signal,
  });
  return page.items
    .filter((company) => !exclude.includes(company.id))
    .slice(0, AUTOCOMPLETE.maxResults)
    .map((company) => ({ value: company.id, label: companyLabel(company) }));
}

// One company as the autocomplete names it: the label of a value already chosen (a filter read from the address).
export async function companyOption(id: number, signal: AbortSignal): Promise<Option> {
  const company = await callEndpoint(endpoints.company, { path: { id }, signal });
  return { value: company.id, label: companyLabel(company) };
}
