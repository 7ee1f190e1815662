import { changeListState, listRequest, pageLocally, readListState, writeListState, type ListSpec } from './list-state';

const spec: ListSpec = {
  filterKeys: ['city', 'status'],
  sortKeys: ['name', 'age'],
  defaultSort: { key: 'name', order: 'asc' },
};
const read = (query: string) => readListState(new URLSearchParams(query), spec);

describe('list state in the address', () => {
  it('reads defaults from an empty address and writes nothing back for them', () => {
    const state = read('');
    expect(state).toEqual({ search: '', filters: {}, sort: 'name', order: 'asc', page: 1, perPage: 20 });
    expect(writeListState(state, spec, new URLSearchParams()).toString()).toBe('');
  });

  it('round-trips a view through its address, keeping other parameters', () => {
    const state = {
      search: 'dupont',
      filters: { city: 'Lyon' },
      sort: 'age',
      order: 'desc' as const,
      page: 3,
      perPage: 50,
    };
    const params = writeListState(state, spec, new URLSearchParams('tab=2'));
    expect(params.get('tab')).toBe('2');
    expect(readListState(params, spec)).toEqual(state);
  });

  it('falls back to defaults for what a hand-edited link gets wrong', () => {
    expect(read('sort=password&order=sideways&page=-2&perPage=1000&role=admin')).toEqual(read(''));
    expect(read('perPage=7').perPage).toBe(20);
    expect(read('perPage=100').perPage).toBe(100);
  });

  it('starts again from the first page when the search, a filter, the sort or the page size changes', () => {
    const state = read('page=4');
    expect(changeListState(state, { search: 'x' }).page).toBe(1);
    expect(changeListState(state, { filters: { city: 'Lyon' } }).page).toBe(1);
    expect(changeListState(state, { sort: 'age' }).page).toBe(1);
    expect(changeListState(state, { perPage: 50 }).page).toBe(1);
    expect(changeListState(state, { page: 5 }).page).toBe(5);
    expect(changeListState(state, { search: '' }).page).toBe(4);
  });

  it('gives a server list its wire query, empty values left out', () => {
    expect(listRequest(read('search=%20lea%20&city=Lyon&sort=age&order=desc&page=2'))).toEqual({
      search: 'lea',
      city: 'Lyon',
      sort: 'age',
      order: 'desc',
      page: 2,
      perPage: 20,
    });
    expect(listRequest({ ...read(''), sort: null })).toEqual({ order: 'asc', page: 1, perPage: 20 });
  });
});

describe('a list computed in the browser', () => {
  const rows = [
    { id: 1, name: 'Émile', age: 40 },
    { id: 2, name: 'adèle', age: 9 },
    { id: 3, name: 'Zoé', age: 40 },
    { id: 4, name: 'Bruno', age: 100 },
  ];
  const sortValues = { name: (r: (typeof rows)[number]) => r.name, age: (r: (typeof rows)[number]) => r.age };

  it('sorts in French order, numbers as numbers, ties in their order', () => {
    const ids = (sort: string, order: 'asc' | 'desc') =>
      pageLocally(rows, { ...read(''), sort, order }, { sortValues }).items.map((r) => r.id);
    expect(ids('name', 'asc')).toEqual([2, 4, 1, 3]);
    expect(ids('age', 'asc')).toEqual([2, 1, 3, 4]);
    expect(ids('age', 'desc')).toEqual([4, 1, 3, 2]);
  });

  it('filters, then counts and slices what is left', () => {
    const page = pageLocally(rows, { ...read(''), sort: null, perPage: 10 }, { matches: (r) => r.age >= 40 });
    expect(page.total).toBe(3);
    expect(pageLocally(rows, { ...read(''), page: 2, perPage: 10 }).items).toEqual([]);
  });
});

describe('a list with its own page size', () => {
  it('reads and omits its default page size', () => {
    const small = { ...spec, defaultPerPage: 10 };
    const state = readListState(new URLSearchParams(''), small);
    expect(state.perPage).toBe(10);
    expect(writeListState(state, small, new URLSearchParams()).toString()).toBe('');
    expect(writeListState({ ...state, perPage: 20 }, small, new URLSearchParams()).toString()).toBe('perPage=20');
  });
});
