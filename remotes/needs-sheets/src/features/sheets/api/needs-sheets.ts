import { callEndpoint, downloadEndpoint, notifySuccess } from '@bo/client';
import {
  endpoints,
  type NeedsSheet,
  type NeedsSheetStatusChangePayload,
  type NeedsSheetStorePayload,
} from '@bo/contracts/needs-sheets';
import { listRequest, type ListState } from '@bo/ui/list';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { needsSheetKeys } from '../../../api/needs-sheet-keys';

// The list's scope defaults to the user's own sheets.
const withScope = (state: ListState): ListState => ({ ...state, filters: { scope: 'my', ...state.filters } });

export const needsSheetsQueryOptions = (state: ListState) =>
  queryOptions({
    queryKey: needsSheetKeys.list(withScope(state)),
    queryFn: ({ signal }) => callEndpoint(endpoints.needsSheets, { params: listRequest(withScope(state)), signal }),
    placeholderData: keepPreviousData,
  });

export const exportNeedsSheets = (state: ListState) => {
  const { page: _page, perPage: _perPage, ...query } = listRequest(withScope(state));
  return downloadEndpoint(endpoints.exportNeedsSheets, { params: query });
};

export const needsSheetQueryOptions = (id: number) =>
  queryOptions({
    queryKey: needsSheetKeys.one(id),
    queryFn: ({ signal }) => callEndpoint(endpoints.needsSheet, { path: { id }, signal }),
  });

export const fetchNeedsSheetHistory = (id: number) => (page: number, perPage: number, signal: AbortSignal) =>
  callEndpoint(endpoints.needsSheetHistory, { path: { id }, params: { page, perPage }, signal });

// A new sheet, or a change of one made from the version read (`version`).
export function useStoreNeedsSheet(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      payload,
      version,
    }: {
      payload: NeedsSheetStorePayload;
      version: number | null;
    }): Promise<NeedsSheet> =>
      id === null || version === null
        ? callEndpoint(endpoints.createNeedsSheet, { params: payload })
        : callEndpoint(endpoints.updateNeedsSheet, { path: { id }, params: { ...payload, version } }),
    onSuccess: async (sheet) => {
      notifySuccess(id === null ? `Fiche ${sheet.reference} créée` : 'Fiche enregistrée');
      await queryClient.invalidateQueries({ queryKey: needsSheetKeys.all });
    },
  });
}

export function useChangeNeedsSheetStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: NeedsSheetStatusChangePayload) =>
      callEndpoint(endpoints.changeNeedsSheetStatus, { path: { id }, params: payload }),
    onSuccess: async () => {
      notifySuccess('Statut modifié');
      await queryClient.invalidateQueries({ queryKey: needsSheetKeys.all });
    },
  });
}

export function useDuplicateNeedsSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(endpoints.duplicateNeedsSheet, { path: { id }, params: {} }),
    onSuccess: async (sheet) => {
      notifySuccess(`Fiche ${sheet.reference} créée par duplication`);
      await queryClient.invalidateQueries({ queryKey: needsSheetKeys.all });
    },
  });
}
