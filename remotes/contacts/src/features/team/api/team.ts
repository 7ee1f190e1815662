import { callEndpoint } from '@bo/client';
import { endpoints, MAX_PER_PAGE } from '@bo/contracts/records';
import { listRequest, type ListState } from '@bo/ui/list';
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
    queryFn: ({ signal }) => callEndpoint(endpoints.contacts, { params: { ...listRequest(state), scope: 'team', ownerId }, signal }),
    placeholderData: keepPreviousData,
  });

// Every contact of a member (to give them all to someone else): page after page at the largest size.
export async function memberContactIds(ownerId: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const { items, total } = await callEndpoint(endpoints.contacts, { params: { scope: 'team', ownerId, page, perPage: MAX_PER_PAGE, sort: 'name' } });
    ids.push(...items.map((contact) => contact.id));
    if (items.length === 0 || ids.length >= total) return ids;
  }
}
