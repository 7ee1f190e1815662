import { callEndpoint } from '@bo/client';
import { endpoints } from '@bo/contracts/records';
import { listRequest, type ListState } from '@bo/ui/list';
import { ownerContactIds } from '@bo/ui/records';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

export const teamQueryOptions = () =>
  queryOptions({
    queryKey: ['team'],
    queryFn: ({ signal }) => callEndpoint(endpoints.team, { signal }),
  });

// A member's contacts, a page at a time (the member's panel).
export const memberContactsQueryOptions = (ownerId: number) => (state: ListState) =>
  queryOptions({
    queryKey: ['contacts', 'member', ownerId, listRequest(state)],
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.contacts, { params: { ...listRequest(state), scope: 'team', ownerId }, signal }),
    placeholderData: keepPreviousData,
  });

// Every contact of a member (to give them all to someone else).
export const memberContactIds = (ownerId: number): Promise<number[]> => ownerContactIds(ownerId, 'team');
