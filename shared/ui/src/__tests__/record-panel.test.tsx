import type { HistoryEntry, ListPage } from '@bo/contracts/records';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { HistoryTimeline } from '../history/history-timeline';
import { EntityPanel } from '../panel/entity-panel';
import { readPanelParam, usePanelParam } from '../panel/use-panel-param';
import { Tabs } from '../tabs/tabs';

jest.setTimeout(30_000);

describe('Tabs', () => {
  const items = [
    { key: 'a', label: 'Fiche', children: <input aria-label="Nom" /> },
    { key: 'b', label: 'Filiales', children: <p>Deux filiales</p> },
    { key: 'c', label: 'Historique', children: <p>Rien</p> },
  ];

  it('moves with the arrows, Home and End, and keeps what was typed in a panel left', async () => {
    const user = userEvent.setup();
    render(<Tabs items={items} label="Société" />);
    expect(screen.getByRole('tablist', { name: 'Société' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nom'), 'Alpha');
    screen.getByRole('tab', { name: 'Fiche' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Filiales' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Filiales' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Deux filiales');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Historique' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Fiche' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Nom')).toHaveValue('Alpha');
  });
});

describe('EntityPanel', () => {
  function Panel({ dirty, onClose }: { dirty: boolean; onClose: () => void }) {
    return (
      <App>
        <EntityPanel
          open
          title="Société : Alpha"
          onClose={onClose}
          form={{ content: <input aria-label="Nom" />, onSubmit: (event) => event.preventDefault(), dirty }}
          sections={[{ key: 'subsidiaries', label: 'Filiales', count: 2, content: <p>Deux filiales</p> }]}
        />
      </App>
    );
  }

  it('closes at once when nothing changed, and asks first when the form has unsaved changes', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const { rerender } = render(<Panel dirty={false} onClose={onClose} />);
    // The panel's drawer comes with its module, loaded when it first opens.
    expect(await screen.findByRole('tab', { name: 'Filiales (2)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    rerender(<Panel dirty onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    const [question] = await screen.findAllByText('Abandonner les modifications ?');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(within(question.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Abandonner' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('asks once for the same changes: not twice while asking, not again once they were abandoned', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Panel dirty onClose={onClose} />);
    const cancel = await screen.findByRole('button', { name: 'Annuler' });
    await user.click(cancel);
    await screen.findAllByText('Abandonner les modifications ?');
    await user.keyboard('{Escape}');
    cancel.click();
    expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(1);
    await user.click(
      within(document.querySelector('.ant-modal-confirm') as HTMLElement).getByRole('button', { name: 'Abandonner' }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
    // The panel is leaving, its form still holding the changes: a last request closes without a new question.
    await user.click(cancel);
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryAllByText('Abandonner les modifications ?')).toHaveLength(0);
  });
});

describe('HistoryTimeline', () => {
  const entry = (id: number): HistoryEntry => ({
    id,
    entity: 'company',
    entityId: 1,
    label: `Alpha ${id}`,
    action: id === 1 ? 'create' : 'update',
    changes:
      id === 1
        ? { name: { to: 'Alpha' } }
        : { city: { from: 'Lyon', to: 'Paris' }, ownerId: { from: 1, to: 2 }, title: { from: 'mister', to: 'madam' } },
    names: id === 1 ? {} : { 'user:1': 'COM (Camille Martin)', 'user:2': 'DIR (Dominique Leroy)' },
    user: { id: 1, trigram: 'COM' },
    createdAt: '2026-11-20T09:30:00.000Z',
  });

  it('names each change in French, before and after, and loads the older entries on demand', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 25 }, (_, i) => entry(25 - i));
    const fetchPage = jest.fn(async (page: number, perPage: number): Promise<ListPage<HistoryEntry>> => ({
      items: all.slice((page - 1) * perPage, page * perPage),
      total: all.length,
    }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <HistoryTimeline
          label="Historique"
          queryKey={['history', 1]}
          fetchPage={fetchPage}
          fieldLabels={{ city: 'Ville', ownerId: 'Propriétaire', name: 'Raison sociale', title: 'Civilité' }}
          formatValue={(field, value) => (field === 'city' ? String(value).toUpperCase() : undefined)}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findAllByText('Ville : LYON → PARIS')).toHaveLength(20);
    expect(screen.getAllByText('Propriétaire : COM (Camille Martin) → DIR (Dominique Leroy)')).toHaveLength(20);
    expect(screen.getAllByText('Civilité : Monsieur → Madame')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Afficher plus' }));
    expect(await screen.findByText('Raison sociale : Alpha')).toBeInTheDocument();
    expect(screen.getByText('Création')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).not.toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});

describe('the panel in the address', () => {
  it('reads only a record id or "new"', () => {
    expect(['12', 'new', '0', '-1', '1e3', '0x10', 'abc', null].map(readPanelParam)).toEqual([
      12,
      'new',
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  function Probe() {
    const panel = usePanelParam('company', ['parent']);
    const location = useLocation();
    return (
      <>
        <output>{location.search}</output>
        <button onClick={() => panel.show('new', { parent: '7' })}>Nouvelle filiale</button>
        <button onClick={panel.close}>Fermer</button>
      </>
    );
  }

  it('opens beside the list state and closes without it', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/liste-societes?search=alpha&page=2']}>
        <Probe />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Nouvelle filiale' }));
    expect(screen.getByRole('status')).toHaveTextContent('?search=alpha&page=2&company=new&parent=7');
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.getByRole('status')).toHaveTextContent('?search=alpha&page=2');
  });
});
