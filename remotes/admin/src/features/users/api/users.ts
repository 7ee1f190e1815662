import { callEndpoint, notifySuccess, wirePassword } from '@bo/client';
import { endpoints, type AdminUser, type UserCreatePayload, type UserUpdatePayload } from '@bo/contracts/records';
import { usersQueryOptions } from '@bo/ui/records';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

// Every user (a firm of some fifty people): the list filters, sorts and pages them in the browser; the team view
// groups the same rows by leader.
export const adminUserKeys = {
  all: ['admin-users'] as const,
  list: () => ['admin-users', 'list'] as const,
  history: (id: number) => ['admin-users', 'history', id] as const,
};

export const adminUsersQueryOptions = () =>
  queryOptions({
    queryKey: adminUserKeys.list(),
    queryFn: ({ signal }) => callEndpoint(endpoints.adminUsers, { signal }),
  });

export const fetchUserHistory = (id: number) => (page: number, perPage: number, signal: AbortSignal) =>
  callEndpoint(endpoints.userHistory, { path: { id }, params: { page, perPage }, signal });

// A change of a user also changes the owners every other page offers (the pickers' list of users).
async function refresh(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
    queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  ]);
}

export function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => refresh(queryClient);
}

export function useStoreUser(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: UserCreatePayload | UserUpdatePayload): Promise<AdminUser> => {
      const params = {
        ...payload,
        password: typeof payload.password === 'string' ? await wirePassword(payload.password) : undefined,
      };
      return id === null
        ? callEndpoint(endpoints.createUser, { params: params as UserCreatePayload })
        : callEndpoint(endpoints.updateUser, { path: { id }, params });
    },
    onSuccess: async () => {
      notifySuccess(id === null ? 'Utilisateur créé' : 'Utilisateur enregistré');
      await refresh(queryClient);
    },
  });
}

// A leader's team members go to another leader (or to none).
export function useMoveTeam(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leaderId: number | null) => callEndpoint(endpoints.moveTeam, { path: { id }, params: { leaderId } }),
    onSuccess: async ({ moved }) => {
      notifySuccess(
        `${moved} membre${moved > 1 ? 's' : ''} d’équipe rattaché${moved > 1 ? 's' : ''} à un autre responsable`,
      );
      await refresh(queryClient);
    },
  });
}
