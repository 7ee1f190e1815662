import { callEndpoint } from '@bo/client';
import { endpoints } from '@bo/contracts/needs-sheets';
import { queryOptions } from '@tanstack/react-query';

// The statuses, read by the sheets (their tags, the status filter and choice) and edited by the statuses feature.

export const needsSheetStatusKeys = { all: ['needsSheetStatuses'] as const };

// Every status in display order (the list shows their colours; the admin page edits them).
export const needsSheetStatusesQueryOptions = () =>
  queryOptions({
    queryKey: needsSheetStatusKeys.all,
    queryFn: ({ signal }) => callEndpoint(endpoints.needsSheetStatuses, { signal }),
  });
