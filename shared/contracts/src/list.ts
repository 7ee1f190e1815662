import { z } from 'zod';
import { messages } from './rules';
import { hasNoNul } from './validation';
import { wireInteger } from './wire';

// Lists (ARCHITECTURE section 4): `GET /<things>` with `search`, filters, `sort`, `order`, `page`, `perPage`;
// data `{ items, total }`. Paging, sorting and search happen in the database, never in memory.
export const PER_PAGE_OPTIONS = [20, 50, 100] as const;
export const PER_PAGE_MAX = 100;
export const PER_PAGE_DEFAULT = 20;
export const SEARCH_MAX_LENGTH = 100;

export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

// A query parameter left empty ('' from a cleared field) is a parameter not given.
export function optionalParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

// The parameters every list takes; `sortKeys` are the list's columns, the first one its default order.
export function listQuerySchema<const K extends readonly [string, ...string[]]>(sortKeys: K) {
  return z.object({
    search: optionalParam(z.string().trim().max(SEARCH_MAX_LENGTH, messages.invalid).refine(hasNoNul, messages.invalid)),
    sort: z.enum(sortKeys, { error: messages.invalid }).default(sortKeys[0] as K[number] & string),
    order: z.enum(sortOrders, { error: messages.invalid }).default('asc'),
    page: wireInteger(1, 1_000_000).default(1),
    perPage: wireInteger(1, PER_PAGE_MAX).default(PER_PAGE_DEFAULT),
  });
}

export type ListQuery<K extends string = string> = {
  search?: string;
  sort: K;
  order: SortOrder;
  page: number;
  perPage: number;
};

// One page of a list and the count of every row that matches.
export function listPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().nonnegative() });
}
export type ListPage<T> = { items: T[]; total: number };
