import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DragBoard, moveBoardItem, type BoardList } from './drag-board';

type Call = { id: number; name: string };

const initial: BoardList<Call>[] = [
  {
    id: 'todo',
    title: 'À appeler',
    items: [
      { id: 1, name: 'Claire Dubois' },
      { id: 2, name: 'Julien Mercier' },
    ],
  },
  { id: 'doing', title: 'En cours', items: [{ id: 3, name: 'Sophie Laurent' }] },
  { id: 'done', title: 'Terminé', items: [] },
];

function Board() {
  const [lists, setLists] = useState(initial);
  return <DragBoard label="Appels" lists={lists} onChange={setLists} itemLabel={(item) => item.name} />;
}

function names(title: string) {
  const region = screen.getByRole('region', { name: new RegExp(`^${title}`) });
  return within(region)
    .queryAllByRole('button')
    .map((item) => item.textContent);
}

describe('moveBoardItem', () => {
  it('moves an item between lists without touching the input', () => {
    const next = moveBoardItem(initial, { list: 0, index: 0 }, { list: 2, index: 0 });
    expect(next[0].items.map((i) => i.id)).toEqual([2]);
    expect(next[2].items.map((i) => i.id)).toEqual([1]);
    expect(initial[0].items).toHaveLength(2);
  });
});

describe('DragBoard', () => {
  it('picks an item with Entrée, moves it with the arrows, keeps the focus on it and announces each move', async () => {
    render(<Board />);
    const claire = screen.getByRole('button', { name: 'Claire Dubois' });
    claire.focus();
    await userEvent.keyboard('{Enter}');
    expect(claire).toHaveAttribute('aria-pressed', 'true');
    // Same rank in the next list.
    await userEvent.keyboard('{ArrowRight}');
    expect(names('En cours')).toEqual(['Claire Dubois', 'Sophie Laurent']);
    expect(screen.getByText('Claire Dubois déplacé vers « En cours », position 1 sur 2.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Claire Dubois' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(names('En cours')).toEqual(['Sophie Laurent', 'Claire Dubois']);
    await userEvent.keyboard('{ArrowDown}');
    expect(names('En cours')).toEqual(['Sophie Laurent', 'Claire Dubois']);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(names('Terminé')).toEqual(['Claire Dubois']);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Claire Dubois' })).toHaveAttribute('aria-pressed', 'false');
    // Not selected: arrows do nothing.
    await userEvent.keyboard('{ArrowLeft}');
    expect(names('Terminé')).toEqual(['Claire Dubois']);
  });

  it('moves the selected item with the toolbar buttons', async () => {
    render(<Board />);
    expect(screen.getByRole('button', { name: 'Vers « Terminé »' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Julien Mercier' }));
    await userEvent.click(screen.getByRole('button', { name: 'Vers « Terminé »' }));
    expect(names('Terminé')).toEqual(['Julien Mercier']);
    expect(names('À appeler')).toEqual(['Claire Dubois']);
  });

  it('moves an item dropped on another list', () => {
    render(<Board />);
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() {
        return [...data.keys()];
      },
      effectAllowed: 'all',
    };
    const fire = (element: Element, type: string) =>
      element.dispatchEvent(Object.assign(new Event(type, { bubbles: true, cancelable: true }), { dataTransfer }));
    const done = screen.getByRole('region', { name: /^Terminé/ });
    act(() => {
      fire(screen.getByRole('button', { name: 'Julien Mercier' }), 'dragstart');
      fire(done, 'dragover');
      fire(done, 'drop');
    });
    expect(names('Terminé')).toEqual(['Julien Mercier']);
    expect(screen.getByText('Julien Mercier déplacé vers « Terminé », position 1 sur 1.')).toBeInTheDocument();
  });
});
