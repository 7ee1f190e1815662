import { PageFrame } from '@bo/ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin, Table, Tag, Typography } from 'antd';
import { checkModules, type ModuleStatus } from '../routing/module-status';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium' });

function problem(text: string) {
  return <Typography.Text type="danger">{text}</Typography.Text>;
}

const columns = [
  { key: 'remote', title: 'Module', render: (_: unknown, row: ModuleStatus) => <strong>{row.remote}</strong> },
  {
    key: 'state',
    title: 'État',
    render: (_: unknown, row: ModuleStatus) =>
      row.ok ? <Tag color="success">Correct</Tag> : <Tag color="error">En erreur</Tag>,
  },
  {
    key: 'version',
    title: 'Version en service',
    render: (_: unknown, row: ModuleStatus) => row.version?.version ?? problem('inconnue'),
  },
  {
    key: 'builtAt',
    title: 'Construit le',
    render: (_: unknown, row: ModuleStatus) => (row.version ? dateTime.format(new Date(row.version.builtAt)) : '—'),
  },
  {
    key: 'manifest',
    title: 'Manifeste',
    render: (_: unknown, row: ModuleStatus) =>
      row.manifestUrl ? (
        <Typography.Text copyable={{ tooltips: ['Copier', 'Copié'] }}>{row.manifestUrl}</Typography.Text>
      ) : (
        problem('absent du registre')
      ),
  },
  {
    key: 'reachable',
    title: 'Joignable',
    render: (_: unknown, row: ModuleStatus) => (row.reachable ? `Oui (${row.loadMs} ms)` : problem('Non')),
  },
  {
    key: 'contracts',
    title: 'Contrats',
    render: (_: unknown, row: ModuleStatus) => {
      if (!row.version) return problem('version.json absent ou illisible');
      if (row.contracts && !row.contracts.ok) return problem(`Incompatibles : ${row.contracts.reason}`);
      if (row.mountError) return problem(`Non chargé : ${row.mountError}`);
      return `Compatibles (${row.version.contracts.version}, ${row.version.contracts.range})`;
    },
  },
  {
    key: 'singletons',
    title: 'Partagés reçus du shell',
    render: (_: unknown, row: ModuleStatus) =>
      row.singletons.length === 0 ? (
        '—'
      ) : (
        <ul className="bo-modules__singletons">
          {row.singletons.map((use) => (
            <li key={use.name}>
              {use.ok ? (
                <span>
                  {use.name}{' '}
                  {use.provided
                    ? `${use.provided}${use.from ? ` (de ${use.from})` : ''}`
                    : `${use.expected} (pas encore demandé)`}
                </span>
              ) : (
                problem(`${use.name} : attendu ${use.expected}, fourni ${use.provided ?? 'autre version majeure'}`)
              )}
            </li>
          ))}
        </ul>
      ),
  },
];

// /modules (administrators): what runs where, checked from this browser, one line per remote.
export function ModulesPage() {
  const status = useQuery({ queryKey: ['shell', 'modules-status'], queryFn: checkModules, staleTime: 0, gcTime: 0 });
  return (
    <PageFrame
      path="/modules"
      actions={
        <Button onClick={() => void status.refetch()} loading={status.isFetching}>
          Vérifier à nouveau
        </Button>
      }
    >
      {status.isPending ? (
        <div className="bo-loading" role="status">
          <Spin />
          <span>Vérification des modules…</span>
        </div>
      ) : status.isError ? (
        <Result
          status="warning"
          title="La vérification des modules a échoué"
          extra={
            <Button type="primary" onClick={() => void status.refetch()}>
              Réessayer
            </Button>
          }
        />
      ) : (
        <Table<ModuleStatus>
          rowKey="remote"
          columns={columns}
          dataSource={status.data}
          pagination={false}
          rowClassName={(row) => (row.ok ? '' : 'bo-modules__row--error')}
          scroll={{ x: true }}
        />
      )}
    </PageFrame>
  );
}
