import { z } from 'zod';
import { messages } from './rules';
import { hasNoNul } from './validation';
import { wireInteger } from './wire';

// Lists: `GET /<things>` takes search, filters, sort, order, page and perPage, and
// answers `{ items, total }`. The bounds live here once, for the server's validation and the browser's choices.
// Paging, sorting and search happen in the database, never in memory.
export const PER_PAGE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
export const MAX_PAGE = 1_000_000;
export const SEARCH_MAX_LENGTH = 200;

export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

// A query parameter left empty ('' from a cleared field) is a parameter not given.
export function optionalParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

export const pageParams = {
  page: wireInteger(1, MAX_PAGE).default(1),
  perPage: wireInteger(1, MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
};

// The common query of every list; a list adds its own filters with `.extend()` and narrows `sort` to its columns
// (sortedListQuerySchema).
export const listQuerySchema = z.object({
  search: optionalParam(
    z
      .string({ error: messages.invalid })
      .trim()
      .max(SEARCH_MAX_LENGTH, messages.invalid)
      .refine(hasNoNul, messages.invalid),
  ),
  sort: z.string({ error: messages.invalid }).max(64, messages.invalid).optional(),
  order: z.enum(sortOrders, { error: messages.invalid }).default('asc'),
  ...pageParams,
});
export type ListQuery = z.output<typeof listQuerySchema>;

// A list whose columns are known: `sort` is one of them, the first one by default.
export function sortedListQuerySchema<const K extends readonly [string, ...string[]]>(sortKeys: K) {
  return listQuerySchema.extend({
    sort: z.enum(sortKeys, { error: messages.invalid }).default(sortKeys[0] as K[number] & string),
  });
}
export type SortedListQuery<K extends string> = Omit<ListQuery, 'sort'> & { sort: K };

// One page of a list and the number of rows all pages hold.
export function listPageSchema<T extends z.ZodType>(itemSchema: T) {
  return z.object({ items: z.array(itemSchema), total: z.number().int().nonnegative() });
}
export type ListPage<T> = { items: T[]; total: number };

// The rows of one page, for a list computed where all its rows already are (the browser, a test).
export function sliceListPage<T>(rows: readonly T[], page: number, perPage: number): ListPage<T> {
  const start = (page - 1) * perPage;
  return { items: rows.slice(start, start + perPage), total: rows.length };
}
