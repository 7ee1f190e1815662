import { callEndpoint, downloadEndpoint } from '@bo/client';
import { endpoints } from '@bo/contracts/reports';
import type { ListState } from '@bo/ui/list';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

const request = (state: ListState) => ({
  search: state.search.trim() || undefined,
  page: state.page,
  perPage: state.perPage,
});

export const directoryKeys = {
  all: ['reports', 'directory'] as const,
  page: (state: ListState) => ['reports', 'directory', request(state)] as const,
};

// A page of groups, each with its subsidiaries and active contacts (the server pages by group).
export const directoryQueryOptions = (state: ListState) =>
  queryOptions({
    queryKey: directoryKeys.page(state),
    queryFn: ({ signal }) => callEndpoint(endpoints.directoryReport, { params: request(state), signal }),
    placeholderData: keepPreviousData,
  });

export const exportDirectory = (state: ListState) =>
  downloadEndpoint(endpoints.exportDirectoryReport, { params: { search: request(state).search } });
