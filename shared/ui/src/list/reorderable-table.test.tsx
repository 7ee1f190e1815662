import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ReorderableTable } from './reorderable-table';

// antd's Table renders slowly under jsdom.
jest.setTimeout(30_000);

type Person = { id: number; name: string; city: string };

const people: Person[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  name: `Personne ${String(i + 1).padStart(2, '0')}`,
  city: i % 3 === 0 ? 'Lyon' : 'Paris',
}));

function bodyRows() {
  return within(screen.getByRole('table', { name: 'Personnes' }))
    .getAllByRole('row')
    .slice(1);
}

describe('ReorderableTable', () => {
  function Reorderable({ onOrder }: { onOrder: (ids: number[]) => void }) {
    const [rows, setRows] = useState(people.slice(0, 3));
    return (
      <ReorderableTable
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
    render(<Reorderable onOrder={onOrder} />);
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
    render(<Reorderable onOrder={onOrder} />);
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
