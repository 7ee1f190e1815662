import { callEndpoint, downloadEndpoint, notifySuccess } from '@bo/client';
import { endpoints, type Company, type CompanyStorePayload } from '@bo/contracts/records';
import { listRequest, type ListState } from '@bo/ui/list';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

// Every query of this feature sits under 'companies': a save refreshes the lists, the panels and the histories.
export const companyKeys = {
  all: ['companies'] as const,
  list: (state: ListState) => ['companies', 'list', listRequest(state)] as const,
  one: (id: number) => ['companies', 'one', id] as const,
  history: (id: number) => ['companies', 'history', id] as const,
};

export const companiesQueryOptions = (state: ListState) =>
  queryOptions({
    queryKey: companyKeys.list(state),
    queryFn: ({ signal }) => callEndpoint(endpoints.companies, { params: listRequest(state), signal }),
    placeholderData: keepPreviousData,
  });

export const exportCompanies = (state: ListState) => {
  const { page: _page, perPage: _perPage, ...query } = listRequest(state);
  return downloadEndpoint(endpoints.exportCompanies, { params: query });
};

export const companyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: companyKeys.one(id),
    queryFn: ({ signal }) => callEndpoint(endpoints.company, { path: { id }, signal }),
  });

export const fetchCompanyHistory = (id: number) => (page: number, perPage: number, signal: AbortSignal) =>
  callEndpoint(endpoints.companyHistory, { path: { id }, params: { page, perPage }, signal });

// A new company, or a change of one made from the version read (`version`).
export function useStoreCompany(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, version }: { payload: CompanyStorePayload; version: number | null }): Promise<Company> =>
      id === null || version === null
        ? callEndpoint(endpoints.createCompany, { params: payload })
        : callEndpoint(endpoints.updateCompany, { path: { id }, params: { ...payload, version } }),
    onSuccess: async () => {
      notifySuccess(id === null ? 'Société créée' : 'Société enregistrée');
      await queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
  });
}
