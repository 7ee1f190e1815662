import { PlusOutlined } from '@ant-design/icons';
import { foldAccents, roleLabels, roleNames, type AdminUser } from '@bo/contracts/records';
import { LoadFailed, PageFrame } from '@bo/ui';
import { ListView, pageLocally, type ListColumn, type ListFilter, type ListState } from '@bo/ui/list';
import { Tabs, usePanelParam } from '@bo/ui/records';
import { useQuery } from '@tanstack/react-query';
import { Button, Spin, Tag } from 'antd';
import { Suspense, lazy, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { adminUsersQueryOptions } from '../api/users';
import { formatLastLogin } from './format-last-login';

// The panel's code (its form, the kit's fields, antd's inputs and date picker) comes when a record is first opened.
const UserPanel = lazy(() => import('./user-panel').then((module) => ({ default: module.UserPanel })));
// The team view's code (antd's cards) comes when the view is first shown.
const TeamView = lazy(() => import('./team-view').then((module) => ({ default: module.TeamView })));

const fullName = (user: AdminUser) => `${user.firstName} ${user.lastName}`;
const rolesOf = (user: AdminUser) => roleNames.filter((name) => user.role[name]);

function columns(users: AdminUser[]): ListColumn<AdminUser>[] {
  const trigramOf = (id: number | null) => users.find((user) => user.id === id)?.trigram ?? '';
  return [
    { key: 'trigram', title: 'Trigramme', sortable: true },
    { key: 'name', title: 'Nom', sortable: true, value: fullName },
    { key: 'email', title: 'Email', sortable: true },
    {
      key: 'roles',
      title: 'Rôles',
      value: (user) =>
        rolesOf(user)
          .map((name) => roleLabels[name])
          .join(', '),
      render: (user) => rolesOf(user).map((name) => <Tag key={name}>{roleLabels[name]}</Tag>),
    },
    { key: 'leader', title: 'Responsable', sortable: true, value: (user) => trigramOf(user.leaderId) },
    { key: 'contactCount', title: 'Contacts', sortable: true, align: 'right' },
    { key: 'lastLoginAt', title: 'Dernière connexion', sortable: true, value: formatLastLogin },
    {
      key: 'isActive',
      title: 'Statut',
      sortable: true,
      value: (user) => (user.isActive ? 'Actif' : 'Inactif'),
      render: (user) => <Tag color={user.isActive ? 'green' : 'default'}>{user.isActive ? 'Actif' : 'Inactif'}</Tag>,
    },
  ];
}

const sortValues: Record<string, (user: AdminUser) => string | number> = {
  trigram: (user) => user.trigram,
  name: (user) => `${user.lastName} ${user.firstName}`,
  email: (user) => user.email,
  leader: (user) => user.leaderId ?? 0,
  contactCount: (user) => user.contactCount,
  lastLoginAt: (user) => (user.lastLoginAt ? Date.parse(user.lastLoginAt) : 0),
  isActive: (user) => (user.isActive ? 0 : 1),
};

function matches(user: AdminUser, state: ListState): boolean {
  const search = foldAccents(state.search.trim());
  if (search && !foldAccents(`${user.trigram} ${user.firstName} ${user.lastName} ${user.email}`).includes(search))
    return false;
  if (state.filters.isActive && user.isActive !== (state.filters.isActive === '1')) return false;
  const role = state.filters.role;
  if (role && (roleNames as readonly string[]).includes(role) && !user.role[role as keyof AdminUser['role']])
    return false;
  return true;
}

const filters: ListFilter[] = [
  {
    key: 'isActive',
    label: 'Statut',
    type: 'select',
    options: [
      { value: '1', label: 'Actifs' },
      { value: '0', label: 'Inactifs' },
    ],
    placeholder: 'Tous',
  },
  {
    key: 'role',
    label: 'Rôle',
    type: 'select',
    options: roleNames.map((name) => ({ value: name, label: roleLabels[name] })),
    placeholder: 'Tous',
  },
];

const teamsLoading = (
  <div className="bo-loading" role="status">
    <Spin /> Chargement des équipes…
  </div>
);

// /liste-utilisateurs: the users (search, filters, sort and page in the address), or the teams (`?vue=equipes`);
// a user opens in the panel (`?user=7`).
export function UserListPage() {
  const panel = usePanelParam('user');
  const [params, setParams] = useSearchParams();
  const all = useQuery(adminUsersQueryOptions());
  const users = useMemo(() => all.data ?? [], [all.data]);
  // Built again only when the users change (the leader column reads their trigrams).
  const listColumns = useMemo(() => columns(users), [users]);
  const view = params.get('vue') === 'equipes' ? 'teams' : 'list';
  const setView = (key: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (key === 'teams') next.set('vue', 'equipes');
      else next.delete('vue');
      return next;
    });
  return (
    <PageFrame
      path="/liste-utilisateurs"
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => panel.show('new')}>
          Nouvel utilisateur
        </Button>
      }
    >
      <Tabs
        label="Présentation"
        activeKey={view}
        onChange={setView}
        items={[
          {
            key: 'list',
            label: 'Liste',
            children: (
              <ListView
                label="Utilisateurs"
                columns={listColumns}
                filters={filters}
                search={{ label: 'Rechercher', placeholder: 'Trigramme, nom ou email' }}
                defaultSort={{ key: 'trigram', order: 'asc' }}
                queryOptions={adminUsersQueryOptions}
                toPage={(data, state) => pageLocally(data, state, { matches, sortValues })}
                rowKey={(user) => user.id}
                rowLabel={(user) => `Ouvrir l’utilisateur ${user.trigram}`}
                onRowOpen={(user) => panel.show(user.id)}
                countLabel={(total) => `${total.toLocaleString('fr-FR')} utilisateur${total > 1 ? 's' : ''}`}
                emptyText="Aucun utilisateur ne correspond à ces critères"
                exportFileName="utilisateurs.csv"
              />
            ),
          },
          {
            key: 'teams',
            label: 'Équipes',
            children: all.isError ? (
              <LoadFailed onRetry={() => void all.refetch()} />
            ) : (
              <Suspense fallback={teamsLoading}>
                {all.isPending ? teamsLoading : <TeamView users={users} panel={panel} />}
              </Suspense>
            ),
          },
        ]}
      />
      {panel.target !== null && (
        <Suspense fallback={null}>
          <UserPanel panel={panel} users={all.data} loading={all.isPending} />
        </Suspense>
      )}
    </PageFrame>
  );
}
