import { z } from 'zod';
import { messages } from './rules';
import { wireInt } from './wire';

// Lists (ARCHITECTURE section 4): `GET /<things>` takes search, filters, sort, order, page and perPage, and
// answers `{ items, total }`. The bounds live here once, for the server's validation and the browser's choices.
export const PER_PAGE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

// The common query of every list; a list adds its own filters with `.extend()` and narrows `sort` to its columns.
export const listQuerySchema = z.object({
  search: z.string({ error: messages.invalid }).trim().max(200, messages.invalid).optional(),
  sort: z.string({ error: messages.invalid }).max(64, messages.invalid).optional(),
  order: z.enum(sortOrders, { error: messages.invalid }).default('asc'),
  page: wireInt.min(1, messages.invalid).default(1),
  perPage: wireInt.min(1, messages.invalid).max(MAX_PER_PAGE, messages.invalid).default(DEFAULT_PER_PAGE),
});
export type ListQuery = z.output<typeof listQuerySchema>;

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
