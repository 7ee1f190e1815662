import { callEndpoint, notifySuccess } from '@bo/client';
import { endpoints, type NeedsSheetModelStorePayload } from '@bo/contracts/needs-sheets';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

export const needsSheetModelKeys = {
  all: ['needsSheetModels'] as const,
  list: (withArchived: boolean) => ['needsSheetModels', { withArchived }] as const,
};

export const needsSheetModelsQueryOptions = (withArchived: boolean) =>
  queryOptions({
    queryKey: needsSheetModelKeys.list(withArchived),
    queryFn: ({ signal }) => callEndpoint(endpoints.needsSheetModels, { params: { withArchived }, signal }),
  });

export function useStoreNeedsSheetModel(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: NeedsSheetModelStorePayload) =>
      id === null
        ? callEndpoint(endpoints.createNeedsSheetModel, { params: payload })
        : callEndpoint(endpoints.updateNeedsSheetModel, { path: { id }, params: payload }),
    onSuccess: async () => {
      notifySuccess(id === null ? 'Modèle créé' : 'Modèle enregistré');
      await queryClient.invalidateQueries({ queryKey: needsSheetModelKeys.all });
    },
  });
}
