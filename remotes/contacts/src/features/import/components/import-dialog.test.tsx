import type { Endpoint, ImportLine, ImportReport, ImportUndo, LastImport } from '@bo/contracts/records';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { ImportDialog } from './import-dialog';
import { ImportLines } from './import-lines';

type Call = { path: string; params: Record<string, unknown> | undefined };
const calls: Call[] = [];
let answers: Record<string, unknown> = {};

// The API as the dialog sees it: each call recorded, answered from `answers` by path (a promise: when it settles).
jest.mock('@bo/client', () => ({
  callEndpoint: jest.fn(
    async (endpoint: Endpoint, options?: { params?: Record<string, unknown>; path?: Record<string, unknown> }) => {
      const path = endpoint.path.replace(':id', String(options?.path?.id ?? ''));
      calls.push({ path, params: options?.params });
      return answers[path];
    },
  ),
  notifyError: jest.fn(),
  notifySuccess: jest.fn(),
}));

jest.setTimeout(30_000);

const line = (overrides: Partial<ImportLine> & Pick<ImportLine, 'line' | 'fate'>): ImportLine => ({
  label: '',
  record: null,
  changes: [],
  reasons: [],
  warnings: [],
  ...overrides,
});

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
  unchanged: 0,
  skipped: 0,
  rejected: 1,
  problems: [{ line: 3, column: 'SIRET', message: 'Entrée non valide' }],
  rejectedRows: [{ line: 3, cells: ['Beta', '123', 'Lyon'], reason: 'SIRET : Entrée non valide' }],
  lines: [
    line({ line: 2, fate: 'create', label: 'Alpha' }),
    line({ line: 3, fate: 'reject', label: 'Beta', reasons: ['SIRET : Entrée non valide'] }),
  ],
  moreLines: 0,
  ...overrides,
});

// A dry run of contacts with one line of each kind.
const contactsReport = report({
  kind: 'contacts',
  rows: 5,
  created: 1,
  updated: 1,
  unchanged: 1,
  skipped: 1,
  rejected: 1,
  lines: [
    line({
      line: 2,
      fate: 'update',
      label: 'Paul Durand',
      record: { id: 12, label: 'Paul Durand' },
      changes: [
        { field: 'jobTitle', before: null, after: 'Directeur achats' },
        { field: 'owner', before: 'DIB', after: 'COB' },
      ],
    }),
    line({
      line: 3,
      fate: 'create',
      label: 'Marc Nouveau',
      warnings: [
        {
          message: 'Possible doublon de « Paul Durand » (n° 12) : même téléphone',
          record: { id: 12, label: 'Paul Durand' },
          line: null,
        },
      ],
    }),
    line({ line: 4, fate: 'unchanged', label: 'Élise Écrin', record: { id: 13, label: 'Élise Écrin' } }),
    line({
      line: 5,
      fate: 'skip',
      label: 'Jean Dupont',
      reasons: ['Possible doublon d’un contact existant : ni e-mail ni identifiant pour le reconnaître'],
    }),
    line({ line: 6, fate: 'reject', label: 'Anne Martin', reasons: ['Civilité : Civilité non valide'] }),
  ],
  moreLines: 3,
});

function renderDialog(kind: 'companies' | 'contacts' = 'companies') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>
        <ImportDialog kind={kind} open onClose={jest.fn()} />
      </App>
    </QueryClientProvider>,
  );
}

// The dialog with a file chosen and analysed.
async function analysed(user: ReturnType<typeof userEvent.setup>, kind: 'companies' | 'contacts' = 'companies') {
  renderDialog(kind);
  const dialog = await screen.findByRole('dialog', {
    name: kind === 'companies' ? 'Importer des sociétés' : 'Importer des contacts',
  });
  const file = new File(['Raison sociale;SIRET\r\n'], 'fichier.csv', { type: 'text/csv' });
  await user.upload(within(dialog).getByLabelText(/^Fichier CSV/), file);
  await user.click(within(dialog).getByRole('button', { name: 'Analyser le fichier' }));
  await within(dialog).findByRole('heading', { name: 'Détail ligne par ligne' });
  return { dialog, file };
}

// The report's rows as texts, cell by cell.
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

beforeEach(() => {
  calls.length = 0;
  const last: LastImport = null;
  const refused: ImportUndo = {
    undone: false,
    blockers: [{ line: 2, label: 'Alpha', reason: 'modifiée depuis l’import' }],
  };
  answers = {
    '/import/last': last,
    '/import/companies/check': report(),
    '/import/companies': report({ id: 7 }),
    '/import/contacts/check': contactsReport,
    '/import/7/undo': refused,
  };
});

describe('ImportDialog', () => {
  it('asks for a file, shows the first rows and the report line by line, imports with the chosen policy, and says why an undo is refused', async () => {
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
    expect(
      within(dialog).getByText(
        '2 lignes : 1 création, 0 mise à jour, 0 ligne inchangée, 0 ligne ignorée, 1 ligne rejetée.',
      ),
    ).toBeInTheDocument();
    const lines = within(dialog).getByRole('table', { name: 'Rapport ligne par ligne' });
    expect(rowsOf(lines)).toEqual([
      ['2', 'Création', 'Alpha', ''],
      ['3', 'Rejetée', 'Beta', 'SIRET : Entrée non valide'],
    ]);
    expect(calls.find((call) => call.path === '/import/companies/check')?.params).toEqual({ file, onExisting: 'skip' });

    // Choosing to update existing records checks the file again with that choice and the mapping shown.
    await user.click(within(dialog).getByLabelText('Mettre à jour les champs importés des fiches existantes'));
    await waitFor(() => expect(calls.filter((call) => call.path === '/import/companies/check')).toHaveLength(2));
    expect(calls[calls.length - 1].params).toEqual({
      file,
      onExisting: 'update',
      mapping: { name: 0, registrationId: 1 },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Importer 1 ligne' }));
    await within(dialog).findByText(
      'Import terminé : 1 fiche créée, 0 fiche mise à jour, 0 ligne inchangée, 0 ligne ignorée, 1 ligne rejetée.',
    );
    expect(rowsOf(within(dialog).getByRole('table', { name: 'Rapport ligne par ligne' }))).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Annuler cet import' }));
    await within(dialog).findByText('Annulation impossible : des lignes ont changé depuis l’import');
    expect(within(dialog).getByText('Ligne 2 (Alpha) : modifiée depuis l’import')).toBeInTheDocument();
  });

  it('tells each line’s fate in French: the changes before and after, the reasons, the possible doublons, and the lines not detailed', async () => {
    const user = userEvent.setup();
    const { dialog } = await analysed(user, 'contacts');
    expect(
      within(dialog).getByText(
        '5 lignes : 1 création, 1 mise à jour, 1 ligne inchangée, 1 ligne ignorée, 1 ligne rejetée.',
      ),
    ).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Rapport ligne par ligne' });
    expect(rowsOf(table)).toEqual([
      [
        '2',
        'Mise à jour',
        'Paul Durand (n° 12)',
        'Fonction : (vide) →  devient Directeur achatsPropriétaire : DIB →  devient COB',
      ],
      ['3', 'Création', 'Marc Nouveau', 'Attention : Possible doublon de « Paul Durand » (n° 12) : même téléphone'],
      ['4', 'Inchangée', 'Élise Écrin (n° 13)', ''],
      [
        '5',
        'Ignorée',
        'Jean Dupont',
        'Possible doublon d’un contact existant : ni e-mail ni identifiant pour le reconnaître',
      ],
      ['6', 'Rejetée', 'Anne Martin', 'Civilité : Civilité non valide'],
    ]);
    expect(
      within(dialog).getByText('3 autres lignes ne sont pas détaillées ici ; elles comptent dans les totaux.'),
    ).toBeInTheDocument();
    // The lines of one fate, chosen from the keyboard.
    const shown = within(dialog).getByRole('group', { name: 'Lignes affichées' });
    expect(
      within(shown)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.parentElement?.textContent),
    ).toEqual([
      'Toutes (5)',
      'Création (1)',
      'Mise à jour (1)',
      'Inchangée (1)',
      'Ignorée (1)',
      'Rejetée (1)',
      'Avec avertissement (1)',
    ]);
    within(shown).getByLabelText('Toutes (5)').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(shown).getByLabelText('Mise à jour (1)')).toBeChecked();
    expect(rowsOf(table).map((row) => row[0])).toEqual(['2']);
    await user.click(within(shown).getByLabelText('Avec avertissement (1)'));
    expect(rowsOf(table).map((row) => row[0])).toEqual(['3']);
  });

  it('keeps the last report on screen, marked busy, while the file is checked again', async () => {
    const user = userEvent.setup();
    const { dialog } = await analysed(user);
    let settle: (value: ImportReport) => void = () => undefined;
    answers['/import/companies/check'] = new Promise<ImportReport>((resolve) => {
      settle = resolve;
    });
    await user.click(within(dialog).getByLabelText('Mettre à jour les champs importés des fiches existantes'));
    const section = within(dialog).getByRole('heading', { name: 'Détail ligne par ligne' }).closest('section');
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByText('Vérification en cours…')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importer 1 ligne' })).toBeDisabled();
    settle(
      report({
        created: 2,
        rejected: 0,
        problems: [],
        rejectedRows: [],
        lines: [line({ line: 2, fate: 'create', label: 'Alpha' }), line({ line: 3, fate: 'create', label: 'Beta' })],
      }),
    );
    await within(dialog).findByRole('button', { name: 'Importer 2 lignes' });
    expect(section).toHaveAttribute('aria-busy', 'false');
    expect(within(dialog).queryByText('Vérification en cours…')).not.toBeInTheDocument();
  });

  it('says when a file has no line, and when an import changed nothing (no undo offered)', async () => {
    const user = userEvent.setup();
    answers['/import/companies/check'] = report({
      rows: 0,
      created: 0,
      rejected: 0,
      preview: [],
      problems: [{ line: 1, column: null, message: 'Le fichier ne contient aucune ligne' }],
      rejectedRows: [],
      lines: [],
    });
    const { dialog } = await analysed(user);
    expect(
      within(dialog).getByText('Aucune ligne à détailler : le fichier n’a aucune ligne de données.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Le fichier ne contient aucune ligne')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importer 0 ligne' })).toBeDisabled();

    // Between the dry run and the import, someone else made the same changes: nothing is imported, nothing to undo.
    answers['/import/companies/check'] = report({
      created: 0,
      updated: 1,
      rejected: 0,
      problems: [],
      rejectedRows: [],
      lines: [line({ line: 2, fate: 'update', label: 'Alpha' })],
    });
    answers['/import/companies'] = report({
      id: null,
      created: 0,
      unchanged: 1,
      rejected: 0,
      problems: [],
      rejectedRows: [],
      lines: [line({ line: 2, fate: 'unchanged', label: 'Alpha' })],
    });
    await user.click(within(dialog).getByLabelText('Mettre à jour les champs importés des fiches existantes'));
    await user.click(await within(dialog).findByRole('button', { name: 'Importer 1 ligne' }));
    await within(dialog).findByText(
      'Rien n’a été importé : aucune ligne ne crée ni ne met à jour de fiche (1 ligne inchangée, 0 ligne ignorée, 0 ligne rejetée).',
    );
    expect(within(dialog).queryByRole('button', { name: 'Annuler cet import' })).not.toBeInTheDocument();
  });
});

describe('ImportLines', () => {
  it('draws a hundred lines at a time', async () => {
    const user = userEvent.setup();
    const lines = Array.from({ length: 250 }, (_, i) => line({ line: i + 2, fate: 'update', label: `Société ${i}` }));
    render(<ImportLines kind="companies" report={{ lines, moreLines: 0 }} />);
    const table = screen.getByRole('table', { name: 'Rapport ligne par ligne' });
    // Counted without the accessibility tree, which is slow to build for hundreds of rows.
    const drawn = () => table.querySelectorAll('tbody tr').length;
    expect(drawn()).toBe(100);
    await user.click(screen.getByRole('button', { name: 'Afficher 100 lignes de plus (sur 150)' }));
    expect(drawn()).toBe(200);
    await user.click(screen.getByRole('button', { name: 'Afficher 50 lignes de plus (sur 50)' }));
    expect(drawn()).toBe(250);
    expect(screen.queryByRole('button', { name: /^Afficher/ })).not.toBeInTheDocument();
    // The scrolling block is reached from the keyboard.
    expect(screen.getByRole('region', { name: 'Lignes du rapport' })).toHaveAttribute('tabindex', '0');
  });
});
