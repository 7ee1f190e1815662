import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { DataTable, type DataTableColumn, type DataTableQuery } from './data-table';

// antd's Table renders slowly under jsdom.
jest.setTimeout(30_000);

type Person = { id: number; name: string; city: string };

const people: Person[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  name: `Personne ${String(i + 1).padStart(2, '0')}`,
  city: i % 3 === 0 ? 'Lyon' : 'Paris',
}));

const columns: DataTableColumn<Person>[] = [
  { key: 'name', title: 'Nom', sortable: true, filter: { type: 'text' } },
  { key: 'city', title: 'Ville', filter: { type: 'select', options: [{ value: 'Lyon', label: 'Lyon' }, { value: 'Paris', label: 'Paris' }] } },
];

function makeSource() {
  const calls: DataTableQuery[] = [];
  const source = jest.fn(async (query: DataTableQuery) => {
    calls.push(query);
    let rows = people.filter((p) => (!query.filters.name || p.name.includes(query.filters.name)) && (!query.filters.city || p.city === query.filters.city));
    if (query.sort?.key === 'name') rows = [...rows].sort((a, b) => a.name.localeCompare(b.name) * (query.sort?.order === 'asc' ? 1 : -1));
    const start = (query.page - 1) * query.pageSize;
    return { rows: rows.slice(start, start + query.pageSize), total: rows.length };
  });
  return { source, calls };
}

function withQueryClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function bodyRows() {
  return within(screen.getByRole('table', { name: 'Personnes' })).getAllByRole('row').slice(1);
}

function headers() {
  return within(screen.getByRole('table', { name: 'Personnes' }))
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.trim())
    .filter(Boolean);
}

describe('DataTable, server mode', () => {
  beforeEach(() => localStorage.clear());

  it('shows one page of the source and its total', async () => {
    const { source } = makeSource();
    render(withQueryClient(<DataTable label="Personnes" columns={columns} rowKey={(p) => p.id} source={source} queryKey={['people']} pageSize={10} />));
    expect(await screen.findByText('45 lignes')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('1–10 sur 45')).toBeInTheDocument();
    expect(source).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, sort: null, filters: {} }, expect.anything());
  });

  it('asks the source for a sorted first page when a sortable header is clicked', async () => {
    const { source, calls } = makeSource();
    render(withQueryClient(<DataTable label="Personnes" columns={columns} rowKey={(p) => p.id} source={source} queryKey={['people']} pageSize={10} />));
    await screen.findByText('45 lignes');
    await userEvent.click(screen.getByRole('columnheader', { name: /Nom/ }));
    await waitFor(() => expect(calls.at(-1)?.sort).toEqual({ key: 'name', order: 'asc' }));
    await userEvent.click(screen.getByRole('columnheader', { name: /Nom/ }));
    await waitFor(() => expect(calls.at(-1)?.sort).toEqual({ key: 'name', order: 'desc' }));
    await waitFor(() => expect(within(bodyRows()[0]).getByText('Personne 45')).toBeInTheDocument());
  });

  it('filters with a labelled control per column and clears the filters', async () => {
    const { source, calls } = makeSource();
    render(withQueryClient(<DataTable label="Personnes" columns={columns} rowKey={(p) => p.id} source={source} queryKey={['people']} pageSize={10} />));
    await screen.findByText('45 lignes');
    await userEvent.type(screen.getByLabelText('Filtre : Nom'), 'Personne 1');
    expect(await screen.findByText('10 lignes')).toBeInTheDocument();
    expect(calls.at(-1)?.filters).toEqual({ name: 'Personne 1' });
    // The debounce sends one query for the whole word, not one per key stroke.
    expect(calls.filter((query) => query.filters.name && query.filters.name !== 'Personne 1')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(await screen.findByText('45 lignes')).toBeInTheDocument();
    expect(screen.getByLabelText('Filtre : Nom')).toHaveValue('');
  });

  it('reorders columns from the keyboard panel and remembers the order', async () => {
    const { source } = makeSource();
    const table = <DataTable label="Personnes" columns={columns} rowKey={(p) => p.id} source={source} queryKey={['people']} columnOrderKey="test.order" />;
    const { unmount } = render(withQueryClient(table));
    await screen.findByText('45 lignes');
    expect(headers()).toEqual(['Nom', 'Ville']);
    await userEvent.click(screen.getByRole('button', { name: 'Ordre des colonnes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Déplacer Nom vers la droite' }));
    expect(headers()).toEqual(['Ville', 'Nom']);
    expect(screen.getByText('Colonne Nom déplacée en position 2 sur 2.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('test.order') ?? '[]')).toEqual(['city', 'name']);
    unmount();

    render(withQueryClient(table));
    await screen.findByText('45 lignes');
    expect(headers()).toEqual(['Ville', 'Nom']);
    await userEvent.click(screen.getByRole('button', { name: 'Ordre des colonnes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ordre par défaut' }));
    expect(headers()).toEqual(['Nom', 'Ville']);
    expect(localStorage.getItem('test.order')).toBeNull();
  });

  it('says so when the source fails', async () => {
    const source = jest.fn(async () => {
      throw new Error('down');
    });
    render(withQueryClient(<DataTable label="Personnes" columns={columns} rowKey={(p: Person) => p.id} source={source} queryKey={['failing']} />));
    expect(await screen.findByText('Le chargement a échoué.')).toBeInTheDocument();
  });
});

describe('DataTable, rows mode', () => {
  function Reorderable({ onOrder }: { onOrder: (ids: number[]) => void }) {
    const [rows, setRows] = useState(people.slice(0, 3));
    return (
      <DataTable
        label="Personnes"
        columns={[{ key: 'name', title: 'Nom' }]}
        rows={rows}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        onRowsReorder={(next) => {
          setRows(next);
          onOrder(next.map((p) => p.id));
        }}
      />
    );
  }

  it('moves rows with the Monter / Descendre buttons and announces it', async () => {
    const onOrder = jest.fn();
    render(withQueryClient(<Reorderable onOrder={onOrder} />));
    expect(screen.getByRole('button', { name: 'Monter Personne 01' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Descendre Personne 01' }));
    expect(onOrder).toHaveBeenLastCalledWith([2, 1, 3]);
    expect(screen.getByText('Personne 01 déplacé en position 2 sur 3.')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Monter Personne 03' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onOrder).toHaveBeenLastCalledWith([2, 3, 1]);
    expect(within(bodyRows()[1]).getByText('Personne 03')).toBeInTheDocument();
    // The focus follows the row; at the top it falls on the other button.
    expect(screen.getByRole('button', { name: 'Monter Personne 03' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onOrder).toHaveBeenLastCalledWith([3, 2, 1]);
    expect(screen.getByRole('button', { name: 'Descendre Personne 03' })).toHaveFocus();
  });

  it('moves a row dropped on another one', () => {
    const onOrder = jest.fn();
    render(withQueryClient(<Reorderable onOrder={onOrder} />));
    const [first, , third] = bodyRows();
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() {
        return [...data.keys()];
      },
      effectAllowed: 'all',
    };
    act(() => {
      third.dispatchEvent(Object.assign(new Event('dragstart', { bubbles: true }), { dataTransfer }));
      first.dispatchEvent(Object.assign(new Event('dragover', { bubbles: true, cancelable: true }), { dataTransfer }));
      first.dispatchEvent(Object.assign(new Event('drop', { bubbles: true, cancelable: true }), { dataTransfer }));
    });
    expect(onOrder).toHaveBeenLastCalledWith([3, 1, 2]);
  });
});
