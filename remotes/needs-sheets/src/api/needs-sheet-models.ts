import { callEndpoint } from '@bo/client';
import { endpoints } from '@bo/contracts/needs-sheets';
import { queryOptions } from '@tanstack/react-query';

// The sheet models, read by the sheets (a new sheet starts from one) and edited by the models feature.

export const needsSheetModelKeys = {
  all: ['needsSheetModels'] as const,
  list: (withArchived: boolean) => ['needsSheetModels', { withArchived }] as const,
};

export const needsSheetModelsQueryOptions = (withArchived: boolean) =>
  queryOptions({
    queryKey: needsSheetModelKeys.list(withArchived),
    queryFn: ({ signal }) => callEndpoint(endpoints.needsSheetModels, { params: { withArchived }, signal }),
  });
