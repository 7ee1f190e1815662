import { callEndpoint, downloadEndpoint, notifySuccess } from '@bo/client';
import { endpoints, type Contact, type ContactStorePayload } from '@bo/contracts/records';
import { listRequest, type ListState } from '@bo/ui/list';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

// Every query of this feature sits under 'contacts': a save refreshes the lists, the panels, the histories (and
// the standby lists, whose key starts the same way).
export const contactKeys = {
  all: ['contacts'] as const,
  list: (state: ListState) => ['contacts', 'list', listRequest(state)] as const,
  one: (id: number) => ['contacts', 'one', id] as const,
  todos: (id: number) => ['contacts', 'todos', id] as const,
  history: (id: number) => ['contacts', 'history', id] as const,
};

export const contactsQueryOptions = (state: ListState) =>
  queryOptions({
    queryKey: contactKeys.list(state),
    queryFn: ({ signal }) => callEndpoint(endpoints.contacts, { params: listRequest(state), signal }),
    placeholderData: keepPreviousData,
  });

export const exportContacts = (state: ListState) => {
  const { page: _page, perPage: _perPage, ...query } = listRequest(state);
  return downloadEndpoint(endpoints.exportContacts, { params: query });
};

export const contactQueryOptions = (id: number) =>
  queryOptions({
    queryKey: contactKeys.one(id),
    queryFn: ({ signal }) => callEndpoint(endpoints.contact, { path: { id }, signal }),
  });

export const contactTodosQueryOptions = (id: number) =>
  queryOptions({
    queryKey: contactKeys.todos(id),
    queryFn: ({ signal }) => callEndpoint(endpoints.contactTodos, { path: { id }, signal }),
  });

export const fetchContactHistory = (id: number) => (page: number, perPage: number, signal: AbortSignal) =>
  callEndpoint(endpoints.contactHistory, { path: { id }, params: { page, perPage }, signal });

export type DuplicateProbe = {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  companyId: number | null;
  excludeId: number | null;
};

export const duplicatesQueryOptions = (probe: DuplicateProbe) =>
  queryOptions({
    queryKey: ['contacts', 'duplicates', probe] as const,
    queryFn: ({ signal }) => callEndpoint(endpoints.contactDuplicates, { params: probe, signal }),
    staleTime: 30_000,
  });

export const downloadVcard = (id: number) => downloadEndpoint(endpoints.contactVcard, { path: { id } });

// A new contact, or a change of one made from the version read (`version`).
export function useStoreContact(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, version }: { payload: ContactStorePayload; version: number | null }): Promise<Contact> =>
      id === null || version === null
        ? callEndpoint(endpoints.createContact, { params: payload })
        : callEndpoint(endpoints.updateContact, { path: { id }, params: { ...payload, version } }),
    onSuccess: async () => {
      notifySuccess(id === null ? 'Contact créé' : 'Contact enregistré');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['companies'] }),
      ]);
    },
  });
}

// Both contacts' versions as the dialog read them: a newer change of either is a conflict.
export type MergeInput = Omit<ContactStorePayload, 'isActive'> & {
  keptId: number;
  duplicateId: number;
  version: number;
  duplicateVersion: number;
};

export function useMergeContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ keptId, ...payload }: MergeInput) =>
      callEndpoint(endpoints.mergeContact, { path: { id: keptId }, params: payload }),
    onSuccess: async () => {
      notifySuccess('Contacts fusionnés');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['companies'] }),
      ]);
    },
  });
}
