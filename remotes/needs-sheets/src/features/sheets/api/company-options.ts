import type { Option } from '@bo/ui/form';
import { companyOption, searchCompanyOptions } from '@bo/ui/records';
import { queryOptions, type QueryKey } from '@tanstack/react-query';

// The companies of the sheets' company filter, closed ones included (their sheets stay listed). Under 'companies':
// a company saved or imported elsewhere refreshes its name here too. Typed with the general QueryKey, as the list's
// filters take any query's options.
export const companyOptionKeys = {
  all: ['companies', 'options'] as const,
  search: (text: string) => ['companies', 'options', 'search', text] as const,
  one: (id: string) => ['companies', 'options', 'one', id] as const,
};

export const companySearchQueryOptions = (text: string) =>
  queryOptions<Option[], Error, Option[], QueryKey>({
    queryKey: companyOptionKeys.search(text),
    queryFn: ({ signal }) => searchCompanyOptions(text, signal, { activeOnly: false }),
    staleTime: 30_000,
  });

export const companyOptionQueryOptions = (id: string) =>
  queryOptions<Option, Error, Option, QueryKey>({
    queryKey: companyOptionKeys.one(id),
    queryFn: ({ signal }) => companyOption(Number(id), signal),
    staleTime: 60_000,
    retry: false,
  });
