import { PlusOutlined } from '@ant-design/icons';
import {
  needsSheetStatusStorePayloadSchema,
  type NeedsSheetStatus,
  type NeedsSheetStatusStorePayload,
} from '@bo/contracts/needs-sheets';
import { FormModal, LoadFailed, PageFrame, useConfirm } from '@bo/ui';
import { SwitchField, TextField, showServerErrors, useZodForm } from '@bo/ui/form';
import { ReorderableTable } from '@bo/ui/list';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { StatusTag } from '../../../components/status-tag';
import { needsSheetStatusesQueryOptions } from '../../../api/needs-sheet-statuses';
import { useDeleteNeedsSheetStatus, useOrderNeedsSheetStatuses, useStoreNeedsSheetStatus } from '../api/statuses';

const statusFields = ['label', 'color', 'order', 'closes', 'fills', 'isActive'] as const;

function StatusDialog({
  status,
  nextOrder,
  onClose,
}: {
  status: NeedsSheetStatus | null;
  nextOrder: number;
  onClose: () => void;
}) {
  const store = useStoreNeedsSheetStatus(status?.id ?? null);
  const form = useZodForm(needsSheetStatusStorePayloadSchema, {
    label: status?.label ?? '',
    color: status?.color ?? '#2563eb',
    order: status?.order ?? nextOrder,
    closes: status?.closes ?? false,
    fills: status?.fills ?? false,
    isActive: status?.isActive ?? true,
  } as NeedsSheetStatusStorePayload);
  const { control } = form;
  const closes = useWatch({ control, name: 'closes' });
  // Only a status that closes the sheet says how it ended: reopening it drops "pourvue".
  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name === 'closes' && !values.closes && values.fills) form.setValue('fills', false, { shouldDirty: true });
    });
    return () => subscription.unsubscribe();
  }, [form]);
  const onSubmit = form.handleSubmit((payload) =>
    store.mutate(payload, {
      onSuccess: onClose,
      onError: (error) => showServerErrors(error, form.setError, statusFields),
    }),
  );
  return (
    <FormModal
      open
      title={status ? `Statut : ${status.label}` : 'Nouveau statut'}
      onCancel={onClose}
      onSubmit={onSubmit}
      submitting={store.isPending}
      dirty={form.formState.isDirty}
    >
      <TextField control={control} name="label" label="Libellé" required maxLength={60} />
      <TextField control={control} name="color" label="Couleur (#rrggbb)" required placeholder="#2563eb" />
      <SwitchField
        control={control}
        name="closes"
        label="Clôt la fiche"
        onLabel="Oui (pourvu, perdu, annulé…)"
        offLabel="Non"
      />
      <SwitchField
        control={control}
        name="fills"
        label="La fiche est pourvue (statistiques)"
        onLabel="Oui : comptée pourvue"
        offLabel={closes ? 'Non : comptée perdue ou annulée' : 'Non (le statut ne clôt pas la fiche)'}
        disabled={!closes}
      />
      <SwitchField control={control} name="isActive" label="Actif" onLabel="Actif" offLabel="Inactif" />
    </FormModal>
  );
}

// Why a status cannot be deleted, in place of the button: sheets have it, or went through it.
const usedBy = (count: number) => `Utilisé par ${count.toLocaleString('fr-FR')} fiche${count > 1 ? 's' : ''}`;

// /fiches-de-besoin/status (admin): the statuses of the sheets, in the order the lists show them (drag a row, or
// "Monter" / "Descendre"); one in use is deactivated, never deleted (the server refuses it too).
export function StatusListPage() {
  const statuses = useQuery(needsSheetStatusesQueryOptions());
  const order = useOrderNeedsSheetStatuses();
  const remove = useDeleteNeedsSheetStatus();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<NeedsSheetStatus | 'new' | null>(null);
  const rows = statuses.data ?? [];

  async function handleDelete(status: NeedsSheetStatus) {
    if (!(await confirm({ title: `Supprimer le statut « ${status.label} » ?`, okText: 'Supprimer', danger: true })))
      return;
    remove.mutate(status.id);
  }

  let body;
  if (statuses.isPending) body = <Spin description="Chargement des statuts…" />;
  else if (statuses.isError)
    body = <LoadFailed title="Les statuts n’ont pas pu être chargés." onRetry={() => void statuses.refetch()} />;
  else {
    body = (
      <ReorderableTable
        label="Statuts des fiches de besoin"
        rows={rows}
        rowKey={(status) => status.id}
        rowLabel={(status) => status.label}
        onRowsReorder={(next) => order.mutate(next.map((status) => status.id))}
        columns={[
          { key: 'label', title: 'Libellé', render: (status) => <StatusTag status={status} /> },
          { key: 'color', title: 'Couleur' },
          { key: 'closes', title: 'Clôt la fiche', render: (status) => (status.closes ? 'Oui' : 'Non') },
          {
            key: 'fills',
            title: 'Issue',
            render: (status) => (status.closes ? (status.fills ? 'Pourvue' : 'Perdue ou annulée') : '—'),
          },
          { key: 'isActive', title: 'État', render: (status) => (status.isActive ? 'Actif' : 'Inactif') },
          { key: 'sheetCount', title: 'Fiches', align: 'right' },
          {
            key: 'actions',
            title: 'Actions',
            render: (status) => (
              <Space wrap>
                <Button
                  size="small"
                  onClick={() => setEditing(status)}
                  aria-label={`Modifier le statut ${status.label}`}
                >
                  Modifier
                </Button>
                {status.usedBy > 0 ? (
                  <Typography.Text type="secondary">{usedBy(status.usedBy)}</Typography.Text>
                ) : (
                  <Button
                    size="small"
                    danger
                    onClick={() => void handleDelete(status)}
                    aria-label={`Supprimer le statut ${status.label}`}
                  >
                    Supprimer
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    );
  }
  return (
    <PageFrame
      path="/fiches-de-besoin/status"
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          Nouveau statut
        </Button>
      }
    >
      {body}
      {editing !== null && (
        <StatusDialog
          status={editing === 'new' ? null : editing}
          nextOrder={(rows.length + 1) * 10}
          onClose={() => setEditing(null)}
        />
      )}
    </PageFrame>
  );
}
