import { callEndpoint, useCan } from '@bo/client';
import { endpoints } from '@bo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const standbyContactsQueryOptions = () =>
  queryOptions({
    queryKey: ['contacts', 'standby'],
    queryFn: ({ signal }) => callEndpoint(endpoints.standbyContacts, { signal }),
  });

// Only the roles that may read the standby lists ask for them (the server would refuse the others).
export function useCanSeeStandby(): boolean {
  return useCan('standby', 'read');
}

export function useStandbyContacts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...standbyContactsQueryOptions(), enabled });
}
