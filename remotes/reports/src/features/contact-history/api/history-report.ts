import { callEndpoint, downloadEndpoint } from '@bo/client';
import { endpoints, type HistoryReportQuery } from '@bo/contracts/reports';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

export const HISTORY_PAGE_SIZE = 25;

// The subject and its filters, as the calls take them (page and perPage apart).
export type HistoryReportFilters = Omit<HistoryReportQuery, 'page' | 'perPage'>;

export const historyReportKeys = {
  all: ['reports', 'history'] as const,
  subjects: (text: string) => ['reports', 'history', 'subjects', text] as const,
  subject: (kind: 'contact' | 'company', id: number) => ['reports', 'history', 'subject', kind, id] as const,
  entries: (filters: HistoryReportFilters) => ['reports', 'history', 'entries', filters] as const,
};

export const reportSubjectsQueryOptions = (text: string) =>
  queryOptions({
    queryKey: historyReportKeys.subjects(text),
    queryFn: ({ signal }) => callEndpoint(endpoints.reportSubjects, { params: { q: text }, signal }),
    enabled: text.trim().length >= 2,
    staleTime: 30_000,
  });

// The name of the subject an address names (a reload, a shared link), and whether a company has subsidiaries.
export const reportSubjectQueryOptions = (kind: 'contact' | 'company', id: number) =>
  queryOptions({
    queryKey: historyReportKeys.subject(kind, id),
    queryFn: async ({ signal }) => {
      if (kind === 'contact') {
        const contact = await callEndpoint(endpoints.contact, { path: { id }, signal });
        return {
          label: `${contact.firstName} ${contact.lastName}`,
          detail: contact.company?.name ?? null,
          hasSubsidiaries: false,
        };
      }
      const company = await callEndpoint(endpoints.company, { path: { id }, signal });
      return {
        label: company.name,
        detail: company.parent?.name ?? null,
        hasSubsidiaries: company.subsidiaries.length > 0,
      };
    },
    staleTime: 60_000,
  });

export const historyReportQueryOptions = (filters: HistoryReportFilters) =>
  infiniteQueryOptions({
    queryKey: historyReportKeys.entries(filters),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(endpoints.historyReport, {
        params: { ...filters, page: pageParam, perPage: HISTORY_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last, pages) => (pages.length * HISTORY_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  });

export const exportHistoryReport = (filters: HistoryReportFilters) =>
  downloadEndpoint(endpoints.exportHistoryReport, { params: filters });
