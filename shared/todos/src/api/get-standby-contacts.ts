import { callEndpoint, useCurrentUser } from '@bo/client';
import { canSeeStandby, endpoints } from '@bo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const standbyContactsQueryOptions = () =>
  queryOptions({
    queryKey: ['contacts', 'standby'],
    queryFn: ({ signal }) => callEndpoint(endpoints.standbyContacts, { signal }),
  });

// Only the roles that may read the standby lists ask for them (the server would refuse the others).
export function useCanSeeStandby(): boolean {
  const { data: user } = useCurrentUser();
  return canSeeStandby(user?.role);
}

export function useStandbyContacts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...standbyContactsQueryOptions(), enabled });
}
