import { callEndpoint, notifySuccess } from '@bo/client';
import { endpoints, type Phrase, type PhraseStorePayload } from '@bo/contracts/records';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

// Every phrase, inactive ones included (a few hundred at most): the list filters, sorts and pages them in the
// browser. The pickers' list (active phrases only, GET /phrases) sits under the same 'phrases' key.
export const phraseKeys = {
  all: ['phrases'] as const,
  admin: () => ['phrases', 'admin'] as const,
  history: (id: number) => ['phrases', 'history', id] as const,
};

export const adminPhrasesQueryOptions = () =>
  queryOptions({
    queryKey: phraseKeys.admin(),
    queryFn: ({ signal }) => callEndpoint(endpoints.adminPhrases, { signal }),
  });

export const fetchPhraseHistory = (id: number) => (page: number, perPage: number, signal: AbortSignal) =>
  callEndpoint(endpoints.phraseHistory, { path: { id }, params: { page, perPage }, signal });

export function useStorePhrase(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PhraseStorePayload): Promise<Phrase> =>
      id === null
        ? callEndpoint(endpoints.createPhrase, { params: payload })
        : callEndpoint(endpoints.updatePhrase, { path: { id }, params: payload }),
    onSuccess: async () => {
      notifySuccess(id === null ? 'Phrase créée' : 'Phrase enregistrée');
      await queryClient.invalidateQueries({ queryKey: phraseKeys.all });
    },
  });
}
