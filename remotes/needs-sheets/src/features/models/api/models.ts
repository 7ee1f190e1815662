import { callEndpoint, notifySuccess } from '@bo/client';
import { endpoints, type NeedsSheetModelStorePayload } from '@bo/contracts/needs-sheets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { needsSheetModelKeys } from '../../../api/needs-sheet-models';

// The changes of the models (the list is read by `needsSheetModelsQueryOptions`, shared with the sheets).

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
