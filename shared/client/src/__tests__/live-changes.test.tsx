import type { LiveChange } from '@bo/contracts';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { receiveLive, useLiveHold } from '../live-changes';
import { queryClient } from '../query-client';

// What a colleague's change does to the queries on screen (docs/live-changes.md): loads again what shows its table,
// leaves what already shows it (the tab's own save), and waits on a list being read further down.

type Row = { id: number; version: number; name: string };

const contactChange = (records: [number, number][], edited = true): LiveChange => ({
  table: 'contact',
  op: 'update',
  records,
  edited,
});

function ContactsList({ held, rows }: { held: () => boolean; rows: () => Row[] }) {
  const key = ['contacts', 'list', { page: 1 }];
  const list = useQuery({
    queryKey: key,
    queryFn: () => {
      const items = rows();
      return Promise.resolve({ items, total: items.length });
    },
  });
  const live = useLiveHold(key, held);
  return (
    <div>
      <p>{list.data?.items.map((row) => row.name).join(', ')}</p>
      {live.pending > 0 && (
        <button type="button" onClick={live.reload}>
          {live.pending} changements, actualiser
        </button>
      )}
    </div>
  );
}

function mount(held: () => boolean) {
  let rows: Row[] = [{ id: 1, version: 3, name: 'Anne Martin' }];
  let reads = 0;
  const read = () => {
    reads += 1;
    return rows;
  };
  render(
    <QueryClientProvider client={queryClient}>
      <ContactsList held={held} rows={read} />
    </QueryClientProvider>,
  );
  return {
    setRows: (next: Row[]) => (rows = next),
    reads: () => reads,
  };
}

afterEach(() => queryClient.clear());

it('loads a list again when a colleague changes one of its records, not when the change is already on screen', async () => {
  const list = mount(() => false);
  await screen.findByText('Anne Martin');
  expect(list.reads()).toBe(1);
  // The tab's own save: its answer already put version 3 on screen.
  act(() => receiveLive(contactChange([[1, 3]])));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(list.reads()).toBe(1);
  // A colleague's: version 4.
  list.setRows([{ id: 1, version: 4, name: 'Anne Moreau' }]);
  act(() => receiveLive(contactChange([[1, 4]])));
  await screen.findByText('Anne Moreau');
  expect(list.reads()).toBe(2);
  // A change of another table that shows no contact: nothing.
  act(() => receiveLive({ table: 'needs_sheet_model', op: 'insert', records: [[9, null]], edited: true }));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(list.reads()).toBe(2);
});

it('waits on a list being read, counts the changes, and loads them when asked', async () => {
  let reading = true;
  const list = mount(() => reading);
  await screen.findByText('Anne Martin');
  list.setRows([{ id: 1, version: 5, name: 'Anne Petit' }]);
  act(() => receiveLive(contactChange([[1, 4]])));
  act(() => receiveLive(contactChange([[2, 1]])));
  act(() => receiveLive(contactChange([[1, 5]])));
  await screen.findByText('3 changements, actualiser');
  expect(screen.getByText('Anne Martin')).toBeInTheDocument();
  expect(list.reads()).toBe(1);
  reading = false;
  act(() => screen.getByRole('button', { name: '3 changements, actualiser' }).click());
  await screen.findByText('Anne Petit');
  await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
  expect(list.reads()).toBe(2);
});
