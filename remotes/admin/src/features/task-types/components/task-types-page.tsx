import { PlusOutlined } from '@ant-design/icons';
import { contrastRatio, WCAG_AA_NORMAL_TEXT, type TaskType } from '@bo/contracts/records';
import { LoadFailed, PageFrame } from '@bo/ui';
import { ReorderableTable } from '@bo/ui/list';
import { usePanelParam } from '@bo/ui/records';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Spin, Tag, Typography } from 'antd';
import { taskTypesQueryOptions, useReorderTaskTypes } from '../api/task-types';
import { TaskChip, formatRatio } from './task-chip';
import { TaskTypePanel } from './task-type-panel';

// /gestion-taches: the task types in the order the todo forms offer them (drag a row, or its ↑ ↓ buttons from
// the keyboard); a type opens in its panel, whose target is in the address (`?type=3`, `?type=new`).
export function TaskTypesPage() {
  const panel = usePanelParam('type');
  const list = useQuery(taskTypesQueryOptions());
  const reorder = useReorderTaskTypes();
  const rows = list.data ?? [];

  return (
    <PageFrame
      path="/gestion-taches"
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => panel.show('new')}>
          Nouveau type de tâche
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        L’ordre ci-dessous est celui des listes de choix des tâches. Un type déjà utilisé n’est jamais supprimé :
        désactivé, il n’est plus proposé mais garde ses couleurs sur les tâches existantes.
      </Typography.Paragraph>
      {list.isError && <LoadFailed onRetry={() => void list.refetch()} />}
      {list.isPending ? (
        <div className="bo-loading" role="status">
          <Spin /> Chargement des types de tâches…
        </div>
      ) : rows.length === 0 && !list.isError ? (
        <Empty description="Aucun type de tâche" />
      ) : (
        <ReorderableTable<TaskType>
          label="Types de tâches"
          rows={rows}
          rowKey={(type) => type.id}
          rowLabel={(type) => type.description}
          onRowsReorder={(next) => reorder.mutate(next)}
          columns={[
            {
              key: 'description',
              title: 'Description',
              render: (type) => (
                <Button
                  type="link"
                  style={{ padding: 0 }}
                  onClick={() => panel.show(type.id)}
                  aria-label={`Ouvrir le type ${type.description}`}
                >
                  {type.description}
                </Button>
              ),
            },
            {
              key: 'preview',
              title: 'Aperçu',
              render: (type) => <TaskChip description={type.description} style={type.style} />,
            },
            {
              key: 'contrast',
              title: 'Contraste',
              render: (type) => {
                const ratio = contrastRatio(type.style.color, type.style.backgroundColor) ?? 1;
                return ratio >= WCAG_AA_NORMAL_TEXT ? (
                  formatRatio(ratio)
                ) : (
                  <Tag color="warning">{`${formatRatio(ratio)} insuffisant`}</Tag>
                );
              },
            },
            {
              key: 'isActive',
              title: 'Statut',
              render: (type) => (
                <Tag color={type.isActive ? 'green' : 'default'}>{type.isActive ? 'Actif' : 'Inactif'}</Tag>
              ),
            },
          ]}
        />
      )}
      <TaskTypePanel panel={panel} taskTypes={list.data} loading={list.isPending} />
    </PageFrame>
  );
}
