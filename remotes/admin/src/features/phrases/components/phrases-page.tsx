import { PlusOutlined } from '@ant-design/icons';
import { foldAccents, type Phrase } from '@bo/contracts/records';
import { PageFrame } from '@bo/ui';
import { ListView, pageLocally, type ListColumn, type ListFilter, type ListState } from '@bo/ui/list';
import { usePanelParam } from '@bo/ui/records';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { adminPhrasesQueryOptions } from '../api/phrases';
import { PhrasePanel } from './phrase-panel';

const columns: ListColumn<Phrase>[] = [
  { key: 'category', title: 'Catégorie', sortable: true },
  { key: 'order', title: 'Ordre', sortable: true, align: 'right' },
  { key: 'text', title: 'Texte', sortable: true, ellipsis: true },
  {
    key: 'isActive',
    title: 'Statut',
    sortable: true,
    value: (phrase) => (phrase.isActive ? 'Active' : 'Inactive'),
    render: (phrase) => (
      <Tag color={phrase.isActive ? 'green' : 'default'}>{phrase.isActive ? 'Active' : 'Inactive'}</Tag>
    ),
  },
];

// Category first, then the admin's order inside it (ties keep the server's order: category, order, id).
const sortValues: Record<string, (phrase: Phrase) => string | number> = {
  category: (phrase) => `${foldAccents(phrase.category)}\u0000${String(phrase.order).padStart(6, '0')}`,
  order: (phrase) => phrase.order,
  text: (phrase) => phrase.text,
  isActive: (phrase) => (phrase.isActive ? 0 : 1),
};

function matches(phrase: Phrase, state: ListState): boolean {
  const search = foldAccents(state.search.trim());
  if (search && !foldAccents(`${phrase.category} ${phrase.text}`).includes(search)) return false;
  if (state.filters.category && phrase.category !== state.filters.category) return false;
  if (state.filters.isActive && phrase.isActive !== (state.filters.isActive === '1')) return false;
  return true;
}

// /phrases: the predefined phrases the notes fields offer, by category; a row opens its panel (`?phrase=4`).
export function PhrasesPage() {
  const panel = usePanelParam('phrase');
  const [params] = useSearchParams();
  const all = useQuery(adminPhrasesQueryOptions());
  const categories = [...new Set((all.data ?? []).map((phrase) => phrase.category))].sort((a, b) =>
    a.localeCompare(b, 'fr'),
  );
  const filters: ListFilter[] = [
    {
      key: 'category',
      label: 'Catégorie',
      type: 'select',
      options: categories.map((category) => ({ value: category, label: category })),
      placeholder: 'Toutes',
    },
    {
      key: 'isActive',
      label: 'Statut',
      type: 'select',
      options: [
        { value: '1', label: 'Actives' },
        { value: '0', label: 'Inactives' },
      ],
      placeholder: 'Toutes',
    },
  ];
  return (
    <PageFrame
      path="/phrases"
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => panel.show('new')}>
          Nouvelle phrase
        </Button>
      }
    >
      <ListView
        label="Phrases"
        columns={columns}
        filters={filters}
        search={{ label: 'Rechercher', placeholder: 'Catégorie ou texte' }}
        defaultSort={{ key: 'category', order: 'asc' }}
        queryOptions={adminPhrasesQueryOptions}
        toPage={(data, state) => pageLocally(data, state, { matches, sortValues })}
        rowKey={(phrase) => phrase.id}
        rowLabel={(phrase) => `Ouvrir la phrase ${phrase.text}`}
        onRowOpen={(phrase) => panel.show(phrase.id)}
        countLabel={(total) => `${total.toLocaleString('fr-FR')} phrase${total > 1 ? 's' : ''}`}
        emptyText="Aucune phrase ne correspond à ces critères"
        exportFileName="phrases.csv"
      />
      <PhrasePanel panel={panel} phrases={all.data} loading={all.isPending} category={params.get('category') ?? ''} />
    </PageFrame>
  );
}
