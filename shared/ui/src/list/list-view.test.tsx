import type { ListPage } from '@bo/contracts';
import { QueryClient, QueryClientProvider, queryOptions, type QueryKey } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import type { Option } from '../form/inputs';
import { listRequest, pageLocally, type ListRequest, type ListState } from './list-state';
import { ListView, type ListColumn, type ListFilter } from './list-view';

// antd's Table renders slowly under jsdom.
jest.setTimeout(30_000);

// antd's Select schedules its opening through MessageChannel, which jsdom lacks: a timer does the same here.
class TimerMessageChannel {
  port1: { onmessage: null | (() => void) } = { onmessage: null };
  port2 = { postMessage: () => setTimeout(() => this.port1.onmessage?.()) };
}
Object.assign(globalThis, { MessageChannel: globalThis.MessageChannel ?? TimerMessageChannel });

type Person = { id: number; name: string; city: string };

const people: Person[] = Array.from({ length: 300 }, (_, i) => ({
  id: i + 1,
  name: `Personne ${String(i + 1).padStart(3, '0')}`,
  city: i % 3 === 0 ? 'Lyon' : 'Paris',
}));

const columns: ListColumn<Person>[] = [
  { key: 'name', title: 'Nom', sortable: true },
  { key: 'city', title: 'Ville', sortable: true },
];
const filters: ListFilter[] = [
  {
    key: 'city',
    label: 'Ville',
    type: 'select',
    options: [
      { value: 'Lyon', label: 'Lyon' },
      { value: 'Paris', label: 'Paris' },
    ],
  },
];

// A server answering the list query of the API's list endpoints (`listRequest`); `fail` makes it refuse some queries.
function makeServer(fail: (request: ListRequest) => boolean = () => false) {
  const requests: ListRequest[] = [];
  const answer = async (request: ListRequest): Promise<ListPage<Person>> => {
    requests.push(request);
    if (fail(request)) throw new Error('down');
    let rows = people.filter(
      (p) => (!request.city || p.city === request.city) && (!request.search || p.name.includes(String(request.search))),
    );
    if (request.sort === 'name')
      rows = [...rows].sort((a, b) => a.name.localeCompare(b.name) * (request.order === 'desc' ? -1 : 1));
    const page = Number(request.page);
    const perPage = Number(request.perPage);
    return { items: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
  };
  const peopleQueryOptions = (state: ListState) =>
    queryOptions({ queryKey: ['people', 'list', listRequest(state)], queryFn: () => answer(listRequest(state)) });
  return { requests, peopleQueryOptions };
}

// The router's address and navigation, as the test reads and drives them (back, a link followed).
const router: { search: string; navigate: NavigateFunction | null } = { search: '', navigate: null };
function RouterProbe() {
  router.search = useLocation().search;
  router.navigate = useNavigate();
  return null;
}

function renderAt(url: string, element: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/people"
            element={
              <>
                {element}
                <RouterProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const navigate = (to: string | number) =>
    act(() => void (typeof to === 'number' ? router.navigate?.(to) : router.navigate?.(to)));
  return { client, navigate, search: () => new URLSearchParams(router.search) };
}

// The bytes of a downloaded file, byte order mark included.
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
}

function bodyRows() {
  return within(screen.getByRole('table', { name: 'Personnes' }))
    .getAllByRole('row')
    .slice(1);
}

const firstName = () => within(bodyRows()[0]).getAllByRole('cell')[0].textContent;

describe('a server list', () => {
  it('asks the server for the view the address names, and writes each change back to the address', async () => {
    const { requests, peopleQueryOptions } = makeServer();
    const { search, navigate } = renderAt(
      '/people?city=Lyon&perPage=10',
      <ListView
        label="Personnes"
        columns={columns}
        filters={filters}
        queryOptions={peopleQueryOptions}
        rowKey={(p) => p.id}
      />,
    );
    expect(await screen.findByText('100 lignes')).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({ city: 'Lyon', order: 'asc', page: 1, perPage: 10 });
    expect(bodyRows()).toHaveLength(10);

    await userEvent.click(screen.getByRole('columnheader', { name: /Nom/ }));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ sort: 'name', order: 'asc' }));
    await userEvent.click(screen.getByRole('columnheader', { name: /Nom/ }));
    await waitFor(() => expect(firstName()).toBe('Personne 298'));
    expect(search().get('order')).toBe('desc');

    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ page: 2, sort: 'name', order: 'desc' }));

    // Back: the first page again, as it was.
    await navigate(-1);
    await waitFor(() => expect(firstName()).toBe('Personne 298'));
    expect(search().get('page')).toBeNull();
  });

  it('searches after a pause in typing, from the first page, and clears the search and the filters', async () => {
    const { requests, peopleQueryOptions } = makeServer();
    const { search } = renderAt(
      '/people?page=3',
      <ListView
        label="Personnes"
        columns={columns}
        filters={filters}
        search={{ label: 'Rechercher' }}
        queryOptions={peopleQueryOptions}
        rowKey={(p) => p.id}
      />,
    );
    await screen.findByText('300 lignes');
    await userEvent.type(screen.getByLabelText('Rechercher'), 'Personne 01');
    expect(await screen.findByText('10 lignes')).toBeInTheDocument();
    // One query for the whole word, not one per key stroke.
    expect(requests.filter((request) => request.search && request.search !== 'Personne 01')).toHaveLength(0);
    await waitFor(() => expect(search().get('search')).toBe('Personne 01'));
    expect(search().get('page')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(await screen.findByText('300 lignes')).toBeInTheDocument();
    expect(screen.getByLabelText('Rechercher')).toHaveValue('');
  });

  it('draws no row again while a search is on its way, only the rows it brings', async () => {
    let drawn = 0;
    const counted: ListColumn<Person>[] = [
      { key: 'name', title: 'Nom', render: (person) => ((drawn += 1), person.name) },
    ];
    const answers: Array<() => void> = [];
    const slowQueryOptions = (state: ListState) =>
      queryOptions({
        queryKey: ['people', 'slow', listRequest(state)],
        queryFn: async () => {
          const request = listRequest(state);
          if (request.search) await new Promise<void>((resolve) => answers.push(resolve));
          const rows = people.filter((p) => !request.search || p.name.includes(String(request.search)));
          return { items: rows.slice(0, 10), total: rows.length };
        },
      });
    // The page passes its callbacks inline, as pages do.
    renderAt(
      '/people?perPage=10',
      <ListView
        label="Personnes"
        columns={counted}
        search={{ label: 'Rechercher' }}
        queryOptions={slowQueryOptions}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        onRowOpen={() => undefined}
      />,
    );
    await screen.findByText('300 lignes');
    const shown = drawn;
    await userEvent.type(screen.getByLabelText('Rechercher'), 'Personne 01');
    await waitFor(() => expect(answers).toHaveLength(1));
    // The load has started (the address applied, the spinner on): the rows shown were not drawn again.
    await waitFor(() => expect(document.querySelector('.bo-list .ant-spin-spinning')).not.toBeNull());
    expect(drawn).toBe(shown);
    act(() => answers[0]());
    expect(await screen.findByText('10 lignes')).toBeInTheDocument();
    // The ten rows found, each drawn once.
    expect(drawn - shown).toBe(10);
  });

  it('says when nothing matches, in French', async () => {
    const { peopleQueryOptions } = makeServer();
    renderAt(
      '/people?search=personne',
      <ListView
        label="Personnes"
        columns={columns}
        search={{ label: 'Rechercher' }}
        queryOptions={peopleQueryOptions}
        rowKey={(p) => p.id}
      />,
    );
    expect(await screen.findByText('Aucun résultat ne correspond à ces critères')).toBeInTheDocument();
  });

  it('keeps the rows last shown when a load fails, and retries', async () => {
    let down = false;
    const { peopleQueryOptions } = makeServer(() => down);
    const { navigate } = renderAt(
      '/people',
      <ListView
        label="Personnes"
        columns={columns}
        filters={filters}
        queryOptions={peopleQueryOptions}
        rowKey={(p) => p.id}
      />,
    );
    await screen.findByText('300 lignes');
    down = true;
    await navigate('/people?city=Lyon');
    expect(await screen.findByText('Le chargement a échoué.')).toBeInTheDocument();
    expect(screen.getByText('300 lignes')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(20);
    down = false;
    await userEvent.click(await screen.findByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('100 lignes')).toBeInTheDocument();
    expect(screen.queryByText('Le chargement a échoué.')).not.toBeInTheDocument();
  });

  it('exports every page of what it shows, filters applied, as CSV', async () => {
    const { requests, peopleQueryOptions } = makeServer();
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:list'),
      revokeObjectURL: () => undefined,
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt(
      '/people?city=Paris',
      <ListView
        label="Personnes"
        columns={columns}
        filters={filters}
        queryOptions={peopleQueryOptions}
        rowKey={(p) => p.id}
        exportFileName="personnes"
      />,
    );
    await screen.findByText('200 lignes');
    await userEvent.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(click).toHaveBeenCalled();
    const lines = (await blobText(blobs[0])).split('\r\n');
    expect(lines[0]).toBe('\uFEFFNom;Ville');
    expect(lines.filter(Boolean)).toHaveLength(201);
    expect(
      lines
        .slice(1)
        .filter(Boolean)
        .every((line) => line.endsWith(';Paris')),
    ).toBe(true);
    expect(requests.filter((request) => request.perPage === 100).map((request) => request.page)).toEqual([1, 2]);
    click.mockRestore();
  });

  it('finds a value to filter on by typing, keeps it in the address, and names it again from the address', async () => {
    const { requests, peopleQueryOptions } = makeServer();
    const looked: string[] = [];
    const byCity: ListFilter[] = [
      {
        key: 'city',
        label: 'Ville',
        type: 'autocomplete',
        options: (text) =>
          queryOptions<Option[], Error, Option[], QueryKey>({
            queryKey: ['cities', 'search', text],
            queryFn: async () => {
              looked.push(text);
              return ['Lyon', 'Paris']
                .filter((city) => city.toLowerCase().includes(text.toLowerCase()))
                .map((city) => ({ value: city, label: `Ville de ${city}` }));
            },
          }),
        selected: (value) =>
          queryOptions<Option, Error, Option, QueryKey>({
            queryKey: ['cities', 'one', value],
            queryFn: async () => ({ value, label: `Ville de ${value}` }),
          }),
      },
    ];
    const { search, navigate } = renderAt(
      '/people',
      <ListView
        label="Personnes"
        columns={columns}
        filters={byCity}
        queryOptions={peopleQueryOptions}
        rowKey={(p) => p.id}
      />,
    );
    expect(await screen.findByText('300 lignes')).toBeInTheDocument();
    const box = screen.getByRole('combobox', { name: 'Ville' });
    await userEvent.type(box, 'p');
    expect(await screen.findByText('Tapez au moins 2 caractères')).toBeInTheDocument();
    await userEvent.type(box, 'a');
    const option = await screen.findByText('Ville de Paris', { selector: '.ant-select-item-option-content' });
    // Asked once the typing paused, for the whole text.
    expect(looked).toEqual(['pa']);
    await userEvent.click(option);
    await waitFor(() => expect(search().get('city')).toBe('Paris'));
    expect(await screen.findByText('200 lignes')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({ city: 'Paris', page: 1 });

    // A link names the value only: its label comes from the remote's query.
    await navigate('/people?city=Lyon');
    expect(await screen.findByText('100 lignes')).toBeInTheDocument();
    expect(await screen.findByTitle('Ville de Lyon')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(search().get('city')).toBeNull());
    expect(await screen.findByText('300 lignes')).toBeInTheDocument();
  });
});

describe('column order', () => {
  beforeEach(() => localStorage.clear());
  const headers = () =>
    within(screen.getByRole('table', { name: 'Personnes' }))
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.trim())
      .filter(Boolean);

  it('reorders columns from the keyboard panel and remembers the order', async () => {
    const { peopleQueryOptions } = makeServer();
    const list = (
      <ListView
        label="Personnes"
        columns={columns}
        queryOptions={peopleQueryOptions}
        rowKey={(p) => p.id}
        columnOrderKey="test.order"
      />
    );
    renderAt('/people', list);
    await screen.findByText('300 lignes');
    expect(headers()).toEqual(['Nom', 'Ville']);
    await userEvent.click(screen.getByRole('button', { name: 'Ordre des colonnes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Déplacer Nom vers la droite' }));
    expect(headers()).toEqual(['Ville', 'Nom']);
    expect(screen.getByText('Colonne Nom déplacée en position 2 sur 2.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('test.order') ?? '[]')).toEqual(['city', 'name']);
    await userEvent.click(screen.getByRole('button', { name: 'Ordre par défaut' }));
    expect(headers()).toEqual(['Nom', 'Ville']);
    expect(localStorage.getItem('test.order')).toBeNull();
  });
});

describe('a list computed in the browser', () => {
  const rowsKey = ['people', 'all'] as const;
  const allPeople = () => queryOptions({ queryKey: rowsKey, queryFn: async () => people.slice(0, 30) });
  const toPage = (rows: Person[], state: ListState) =>
    pageLocally(rows, state, {
      matches: (p) => !state.filters.city || p.city === state.filters.city,
      sortValues: { name: (p) => p.name, city: (p) => p.city },
    });

  it('filters, sorts and pages the loaded rows, and opens a row with Enter', async () => {
    const opened: number[] = [];
    renderAt(
      '/people?sort=name&order=desc',
      <ListView
        label="Personnes"
        columns={columns}
        filters={filters}
        queryOptions={allPeople}
        toPage={toPage}
        rowKey={(p) => p.id}
        defaultSort={{ key: 'name', order: 'asc' }}
        onRowOpen={(p) => opened.push(p.id)}
        rowLabel={(p) => p.name}
      />,
    );
    expect(await screen.findByText('30 lignes')).toBeInTheDocument();
    expect(firstName()).toBe('Personne 030');
    const row = screen.getByRole('row', { name: 'Personne 030' });
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(opened).toEqual([30]);
  });

  it('checks a radio filter at once, and filters with it', async () => {
    const byCity: ListFilter[] = [
      {
        key: 'city',
        label: 'Ville',
        type: 'radio',
        defaultValue: '',
        options: [
          { value: '', label: 'Toutes' },
          { value: 'Lyon', label: 'Lyon' },
        ],
      },
    ];
    renderAt(
      '/people',
      <ListView
        label="Personnes"
        columns={columns}
        filters={byCity}
        queryOptions={allPeople}
        toPage={toPage}
        rowKey={(p) => p.id}
      />,
    );
    await screen.findByText('30 lignes');
    const group = screen.getByRole('group', { name: 'Ville' });
    expect(within(group).getByRole('radio', { name: 'Toutes' })).toBeChecked();
    await userEvent.click(within(group).getByText('Lyon'));
    expect(within(group).getByRole('radio', { name: 'Lyon' })).toBeChecked();
    expect(await screen.findByText('10 lignes')).toBeInTheDocument();
  });

  it('exports the filtered rows without loading them again for each page', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => ({
      id: i + 1,
      name: `Ligne ${i + 1}`,
      city: i < 210 ? 'Lyon' : 'Paris',
    }));
    const load = jest.fn(async () => rows);
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:list'),
      revokeObjectURL: () => undefined,
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const many = () => queryOptions({ queryKey: ['rows', 'all'], queryFn: load });
    renderAt(
      '/people?city=Lyon',
      <ListView
        label="Personnes"
        columns={columns}
        filters={filters}
        queryOptions={many}
        toPage={toPage}
        rowKey={(p) => p.id}
        exportFileName="lignes"
      />,
    );
    await screen.findByText('210 lignes');
    await userEvent.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect((await blobText(blobs[0])).split('\r\n').filter(Boolean)).toHaveLength(211);
    expect(load).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('keeps a filter chosen just before a search is typed', async () => {
    const byCity: ListFilter[] = [
      {
        key: 'city',
        label: 'Ville',
        type: 'radio',
        defaultValue: '',
        options: [
          { value: '', label: 'Toutes' },
          { value: 'Lyon', label: 'Lyon' },
        ],
      },
    ];
    const { search } = renderAt(
      '/people?city=Lyon',
      <ListView
        label="Personnes"
        columns={columns}
        filters={byCity}
        search={{ label: 'Rechercher' }}
        queryOptions={allPeople}
        toPage={toPage}
        rowKey={(p) => p.id}
      />,
    );
    await screen.findByText('10 lignes');
    await userEvent.click(within(screen.getByRole('group', { name: 'Ville' })).getByText('Toutes'));
    await userEvent.type(screen.getByLabelText('Rechercher'), 'Personne 02');
    await waitFor(() => expect(search().get('search')).toBe('Personne 02'));
    expect(search().get('city')).toBeNull();
  });

  it('shows what a mutation writes into the query the list reads', async () => {
    const { client } = renderAt(
      '/people',
      <ListView label="Personnes" columns={columns} queryOptions={allPeople} toPage={toPage} rowKey={(p) => p.id} />,
    );
    await screen.findByText('30 lignes');
    act(() =>
      client.setQueryData(
        allPeople().queryKey,
        (rows) => rows && [{ id: 999, name: 'Personne ajoutée', city: 'Nantes' }, ...rows],
      ),
    );
    expect(await screen.findByText('31 lignes')).toBeInTheDocument();
    expect(screen.getByText('Personne ajoutée')).toBeInTheDocument();
  });
});
