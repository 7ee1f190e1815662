import { callEndpoint } from '@bo/client';
import { endpoints, type UserBrief } from '@bo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Option } from '../form/inputs';

const USERS_STALE_MS = 5 * 60_000;

// Every user, active first then by trigram: the owners a form offers and a list filters on.
export const usersQueryOptions = () =>
  queryOptions({
    queryKey: ['users'],
    queryFn: ({ signal }) => callEndpoint(endpoints.users, { signal }),
    staleTime: USERS_STALE_MS,
  });

export const userLabel = (user: Pick<UserBrief, 'trigram' | 'firstName' | 'lastName'>) =>
  `${user.trigram} – ${user.firstName} ${user.lastName}`;

// The owners to choose from: the active users, and the one already chosen even when inactive (shown as such).
export function useOwnerOptions(currentId?: number | null): {
  options: (Option & { value: number })[];
  users: UserBrief[];
  loading: boolean;
} {
  const { data: users = [], isPending } = useQuery(usersQueryOptions());
  const options = users
    .filter((user) => user.isActive || user.id === currentId)
    .map((user) => ({ value: user.id, label: user.isActive ? userLabel(user) : `${userLabel(user)} (inactif)` }));
  return { options, users, loading: isPending };
}
