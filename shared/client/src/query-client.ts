import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './errors';
import { notifyError } from './notify';

// Exactly one QueryClient at run time, shared by the shell and every remote through this singleton package.
// Errors become the catalogue's toasts here, once, instead of in every component.
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error) => notifyError(error) }),
  // A mutation whose form shows its own error (the login card) sets meta.silent.
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.meta?.silent) notifyError(error);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refused call (4xx) will be refused again; only the network deserves a second try.
      retry: (failureCount, error) =>
        failureCount < 1 && error instanceof ApiRequestError && error.status === 0 && error.code !== 'commandTimeout',
    },
    mutations: { retry: false },
  },
});
