import { callEndpoint, notifySuccess } from '@bo/client';
import { endpoints, type NeedsSheetStatusStorePayload } from '@bo/contracts/needs-sheets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { needsSheetStatusKeys } from '../../../api/needs-sheet-statuses';

// The changes of the statuses (the list is read by `needsSheetStatusesQueryOptions`, shared with the sheets).

export function useStoreNeedsSheetStatus(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: NeedsSheetStatusStorePayload) =>
      id === null
        ? callEndpoint(endpoints.createNeedsSheetStatus, { params: payload })
        : callEndpoint(endpoints.updateNeedsSheetStatus, { path: { id }, params: payload }),
    onSuccess: async () => {
      notifySuccess(id === null ? 'Statut créé' : 'Statut enregistré');
      await queryClient.invalidateQueries({ queryKey: needsSheetStatusKeys.all });
    },
  });
}

export function useDeleteNeedsSheetStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(endpoints.deleteNeedsSheetStatus, { path: { id }, params: {} }),
    onSuccess: async () => {
      notifySuccess('Statut supprimé');
      await queryClient.invalidateQueries({ queryKey: needsSheetStatusKeys.all });
    },
  });
}

export function useOrderNeedsSheetStatuses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => callEndpoint(endpoints.orderNeedsSheetStatuses, { params: { ids } }),
    onSuccess: async () => {
      notifySuccess('Ordre des statuts enregistré');
      await queryClient.invalidateQueries({ queryKey: needsSheetStatusKeys.all });
    },
  });
}
