import { z } from 'zod';
import { listPageSchema, listQuerySchema, MAX_PER_PAGE, PER_PAGE_OPTIONS, sliceListPage } from '../paging';

describe('list query', () => {
  it('decodes the wire form and fills the defaults', () => {
    expect(listQuerySchema.parse({})).toEqual({ order: 'asc', page: 1, perPage: 20 });
    expect(
      listQuerySchema.parse({ search: ' lea ', sort: 'lastName', order: 'desc', page: '3', perPage: '50' }),
    ).toEqual({
      search: 'lea',
      sort: 'lastName',
      order: 'desc',
      page: 3,
      perPage: 50,
    });
  });

  it('refuses a page size above the bound, a page below 1 and an unknown order', () => {
    expect(listQuerySchema.safeParse({ perPage: String(MAX_PER_PAGE + 1) }).success).toBe(false);
    expect(listQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ page: 'x' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ order: 'up' }).success).toBe(false);
    expect(Math.max(...PER_PAGE_OPTIONS)).toBeLessThanOrEqual(MAX_PER_PAGE);
  });

  it('lets a list add its own filters', () => {
    const companies = listQuerySchema.extend({ city: z.string().optional() });
    expect(companies.parse({ city: 'Lyon', page: '2' })).toMatchObject({ city: 'Lyon', page: 2 });
  });
});

describe('list page', () => {
  it('checks the items against their schema and the total', () => {
    const page = listPageSchema(z.object({ id: z.number() }));
    expect(page.parse({ items: [{ id: 1 }], total: 7 })).toEqual({ items: [{ id: 1 }], total: 7 });
    expect(page.safeParse({ items: [{ id: 'a' }], total: 7 }).success).toBe(false);
    expect(page.safeParse({ items: [], total: -1 }).success).toBe(false);
  });

  it('slices the rows of one page', () => {
    const rows = Array.from({ length: 45 }, (_, i) => i + 1);
    expect(sliceListPage(rows, 3, 20)).toEqual({ items: [41, 42, 43, 44, 45], total: 45 });
    expect(sliceListPage(rows, 9, 20)).toEqual({ items: [], total: 45 });
  });
});
