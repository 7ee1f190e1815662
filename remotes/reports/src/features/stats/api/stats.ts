import { callEndpoint, downloadEndpoint } from '@bo/client';
import { endpoints } from '@bo/contracts/reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

export type StatsRequest = { from: string; to: string };

export const statsKeys = {
  all: ['reports', 'stats'] as const,
  rows: (request: StatsRequest) => ['reports', 'stats', request] as const,
};

export const statsQueryOptions = (request: StatsRequest) =>
  queryOptions({
    queryKey: statsKeys.rows(request),
    queryFn: ({ signal }) => callEndpoint(endpoints.statsReport, { params: request, signal }),
    placeholderData: keepPreviousData,
  });

export const exportStats = (request: StatsRequest) =>
  downloadEndpoint(endpoints.exportStatsReport, { params: request });
