import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListColumn } from './list-types';
import { DataTable } from './data-table';

// antd's Table renders slowly under jsdom.
jest.setTimeout(30_000);

type Figure = { id: number; name: string; done: number };

const rows: Figure[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Ligne ${i + 1}`, done: i }));
const columns: ListColumn<Figure>[] = [
  { key: 'name', title: 'Nom' },
  { key: 'done', title: 'Abouties', definition: 'Les tâches faites', align: 'right' },
];

describe('DataTable', () => {
  it('draws the rows with the kit’s columns, a header with its definition', () => {
    render(<DataTable label="Chiffres" columns={columns} rows={rows.slice(0, 3)} rowKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'Chiffres' });
    expect(within(table).getByText('Abouties').closest('abbr')).toHaveAttribute('title', 'Les tâches faites');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('Ligne 3')).toBeInTheDocument();
  });

  it('shows the page of rows the server gave, and asks for another', async () => {
    const asked: number[] = [];
    render(
      <DataTable
        label="Chiffres"
        columns={columns}
        rows={rows.slice(0, 10)}
        rowKey={(row) => row.id}
        paging={{ page: 1, perPage: 10, total: 25, onChange: (page) => asked.push(page) }}
      />,
    );
    expect(screen.getByText('1–10 sur 25')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('2'));
    expect(asked).toEqual([2]);
  });

  it('says when there is nothing', () => {
    render(
      <DataTable label="Chiffres" columns={columns} rows={[]} rowKey={(row) => row.id} emptyText="Aucune tâche" />,
    );
    expect(screen.getByText('Aucune tâche')).toBeInTheDocument();
  });
});
