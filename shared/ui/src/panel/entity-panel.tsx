import { useRecordPresence } from '@bo/client';
import { presenceText, type PresenceRecord } from '@bo/contracts';
import { Button, Space, Spin } from 'antd';
import { LoadFailed } from '../objects/load-failed';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { useGuardedClose } from '../modals/use-guarded-close';
import { OffCanvas } from '../off-canvas';
import { Tabs } from '../tabs/tabs';

// What a record's panel shows beside its form: its subsidiaries, its contacts, its todos, its history.
export type PanelSection = {
  key: string;
  label: string;
  // Shown as a badge on the tab.
  count?: number;
  content: ReactNode;
};

export type PanelForm = {
  content: ReactNode;
  // react-hook-form's handleSubmit(...): the footer's "Enregistrer" and Entrée in a field submit the form.
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting?: boolean;
  // Unsaved changes: closing the panel asks first.
  dirty?: boolean;
  submitLabel?: string;
  // The caller may read but not change the record: the form shows, without its save button.
  readOnly?: boolean;
  // Shown above the fields: a save refused over a newer version, field by field (useEditConflict).
  notice?: ReactNode;
};

export type EntityPanelProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  // The record is still loading, or could not be loaded.
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  // The record's form: the first tab, "Fiche".
  form?: PanelForm;
  sections?: readonly PanelSection[];
  // Actions in the panel's header (merge, add a todo...).
  actions?: ReactNode;
  // The record as presence names it ('contact:12'): the panel says who else has it open (docs/live-changes.md).
  presence?: PresenceRecord;
};

// The kit's off-canvas panel for a record (1100 px, limits.offCanvasWidth): its form in a first tab, what belongs to it
// in the next ones, Échap or "Fermer" to leave (asking first when the form has unsaved changes).
export function EntityPanel({
  open,
  title,
  onClose,
  loading,
  error,
  onRetry,
  form,
  sections = [],
  actions,
  presence,
}: EntityPanelProps) {
  const others = useRecordPresence(open && presence !== undefined ? presence : null);
  const formId = `bo-panel-form-${useId().replace(/:/g, '')}`;
  // Closing asks first when the form has unsaved changes.
  const close = useGuardedClose({ open, dirty: form?.dirty ?? false, onClose });

  const tabs = [
    ...(form
      ? [
          {
            key: 'form',
            label: 'Fiche',
            children: (
              <form id={formId} onSubmit={form.onSubmit} noValidate aria-label={title}>
                <fieldset disabled={form.readOnly} className="bo-panel__fieldset">
                  {form.notice}
                  {form.content}
                </fieldset>
              </form>
            ),
          },
        ]
      : []),
    ...sections.map((section) => ({
      key: section.key,
      label:
        section.count === undefined ? (
          section.label
        ) : (
          <>
            {section.label} <span className="bo-count">({section.count.toLocaleString('fr-FR')})</span>
          </>
        ),
      children: section.content,
    })),
  ];

  let body: ReactNode;
  if (error) {
    body = <LoadFailed onRetry={onRetry} />;
  } else if (loading) {
    body = <Spin description="Chargement…" style={{ display: 'block', padding: 48 }} />;
  } else {
    body = tabs.length > 1 ? <Tabs items={tabs} label={title} /> : tabs[0]?.children;
  }

  const canSave = form && !form.readOnly && !loading && !error;
  return (
    <OffCanvas
      open={open}
      title={title}
      onClose={() => void close()}
      extra={actions && !loading && !error ? <Space wrap>{actions}</Space> : undefined}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={() => void close()}>{canSave ? 'Annuler' : 'Fermer'}</Button>
          {canSave && (
            <Button type="primary" htmlType="submit" form={formId} loading={form.submitting}>
              {form.submitLabel ?? 'Enregistrer'}
            </Button>
          )}
        </Space>
      }
    >
      {others.length > 0 && (
        <p className="bo-panel__presence" role="status">
          {presenceText(others)}
        </p>
      )}
      {body}
    </OffCanvas>
  );
}

// The panel of a record not read yet: its spinner while the record loads, or the failure with "Réessayer".
export function PendingRecordPanel({
  title,
  onClose,
  record,
}: {
  title: string;
  onClose: () => void;
  record: { isPending: boolean; isError: boolean; refetch: () => unknown };
}) {
  return (
    <EntityPanel
      open
      title={title}
      onClose={onClose}
      loading={record.isPending}
      error={record.isError}
      onRetry={() => void record.refetch()}
    />
  );
}
