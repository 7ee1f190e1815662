import type { Endpoint, ImportReport, ImportUndo, LastImport } from '@bo/contracts/records';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { ImportDialog } from '../import/import-dialog';

type Call = { path: string; params: Record<string, unknown> | undefined };
const calls: Call[] = [];
let answers: Record<string, unknown> = {};

// The API as the dialog sees it: each call recorded, answered from `answers` by path.
jest.mock('@bo/client', () => ({
  callEndpoint: jest.fn(async (endpoint: Endpoint, options?: { params?: Record<string, unknown>; path?: Record<string, unknown> }) => {
    const path = endpoint.path.replace(':id', String(options?.path?.id ?? ''));
    calls.push({ path, params: options?.params });
    return answers[path];
  }),
  notifyError: jest.fn(),
  notifySuccess: jest.fn(),
}));

jest.setTimeout(30_000);

const report = (overrides: Partial<ImportReport> = {}): ImportReport => ({
  id: null,
  kind: 'companies',
  encoding: 'windows-1252',
  separator: ';',
  headers: ['Raison sociale', 'SIRET', 'Localité'],
  mapping: { name: 0, registrationId: 1 },
  preview: [
    ['Alpha', '73282932000074', 'Besançon'],
    ['Beta', '123', 'Lyon'],
  ],
  rows: 2,
  created: 1,
  updated: 0,
  skipped: 0,
  rejected: 1,
  problems: [{ line: 3, column: 'SIRET', message: 'Entrée non valide' }],
  rejectedRows: [{ line: 3, cells: ['Beta', '123', 'Lyon'], reason: 'SIRET : Entrée non valide' }],
  ...overrides,
});

function renderDialog() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>
        <ImportDialog kind="companies" open onClose={jest.fn()} />
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls.length = 0;
  const last: LastImport = null;
  const refused: ImportUndo = { undone: false, blockers: [{ line: 2, label: 'Alpha', reason: 'modifiée depuis l’import' }] };
  answers = {
    '/import/last': last,
    '/import/companies/check': report(),
    '/import/companies': report({ id: 7 }),
    '/import/7/undo': refused,
  };
});

describe('ImportDialog', () => {
  it('asks for a file, shows the first rows and the problems, imports with the chosen policy, and says why an undo is refused', async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Importer des sociétés' });
    await user.click(within(dialog).getByRole('button', { name: 'Analyser le fichier' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Entrée requise');
    expect(calls.filter((call) => call.path === '/import/companies/check')).toEqual([]);

    const file = new File(['Raison sociale;SIRET\r\n'], 'societes.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText(/^Fichier CSV/), file);
    await user.click(within(dialog).getByRole('button', { name: 'Analyser le fichier' }));
    await within(dialog).findByRole('cell', { name: 'Besançon' });
    expect(within(dialog).getByText('2 lignes : 1 création, 0 mise à jour, 0 ligne ignorée, 1 ligne rejetée.')).toBeInTheDocument();
    const problems = within(dialog).getByRole('table', { name: 'Problèmes du fichier' });
    expect(within(problems).getAllByRole('row')[1]).toHaveTextContent('3SIRETEntrée non valide');
    expect(calls.find((call) => call.path === '/import/companies/check')?.params).toEqual({ file, onExisting: 'skip' });

    // Choosing to update existing records checks the file again with that choice and the mapping shown.
    await user.click(within(dialog).getByLabelText('Mettre à jour les champs importés des fiches existantes'));
    await waitFor(() => expect(calls.filter((call) => call.path === '/import/companies/check')).toHaveLength(2));
    expect(calls[calls.length - 1].params).toEqual({ file, onExisting: 'update', mapping: { name: 0, registrationId: 1 } });

    await user.click(within(dialog).getByRole('button', { name: 'Importer 1 ligne' }));
    await within(dialog).findByText('Import terminé : 1 fiche créée, 0 fiche mise à jour, 0 ligne ignorée, 1 ligne rejetée.');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler cet import' }));
    await within(dialog).findByText('Annulation impossible : des lignes ont changé depuis l’import');
    expect(within(dialog).getByText('Ligne 2 (Alpha) : modifiée depuis l’import')).toBeInTheDocument();
  });
});
