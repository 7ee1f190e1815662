import { Button } from 'antd';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { GuardedModal } from './guarded-modal';

export { useConfirm, type ConfirmOptions } from './use-confirm';

// A form in a dialog: the footer's primary button submits the form (Entrée in a field does too), "Annuler"
// and Échap close it, asking first when the form holds unsaved changes (`dirty`: react-hook-form's isDirty). The
// caller owns the form (react-hook-form's handleSubmit goes to `onSubmit`).
export function FormModal({
  open,
  title,
  onCancel,
  onSubmit,
  submitLabel = 'Enregistrer',
  submitting,
  dirty,
  children,
  width,
}: {
  open: boolean;
  title: string;
  onCancel: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel?: string;
  submitting?: boolean;
  dirty?: boolean;
  children: ReactNode;
  width?: number;
}) {
  const formId = `bo-form-modal-${useId().replace(/:/g, '')}`;
  return (
    <GuardedModal
      open={open}
      title={title}
      onCancel={onCancel}
      dirty={dirty}
      destroyOnHidden
      width={width}
      cancelText="Annuler"
      // antd's own cancel button calls the dialog's onCancel: it asks first, as Échap does.
      footer={(_, { CancelBtn }) => [
        <CancelBtn key="cancel" />,
        <Button key="submit" type="primary" htmlType="submit" form={formId} loading={submitting}>
          {submitLabel}
        </Button>,
      ]}
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </GuardedModal>
  );
}
