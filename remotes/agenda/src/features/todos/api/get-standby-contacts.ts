import { callEndpoint, useCurrentUser } from '@bo/client';
import { canOpen, findRoute } from '@bo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@bo/contracts';

export const standbyContactsQueryOptions = () =>
  queryOptions({
    queryKey: ['contacts', 'standby'],
    queryFn: ({ signal }) => callEndpoint(endpoints.standbyContacts, { signal }),
  });

// The standby lists are open to the roles of the page that shows them; others never ask (the server would refuse).
export function useCanSeeStandby(): boolean {
  const { data: user } = useCurrentUser();
  const route = findRoute('/liste-contacts-veille');
  return route !== undefined && canOpen(route, user?.role);
}

export function useStandbyContacts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...standbyContactsQueryOptions(), enabled });
}
