import { App, Button, Modal } from 'antd';
import { useId, type FormEventHandler, type ReactNode } from 'react';

// A form in a dialog: the footer's primary button submits the form (Entrée in a field does too), "Annuler"
// and Échap close it. The caller owns the form (react-hook-form's handleSubmit goes to `onSubmit`).
export function FormModal({
  open,
  title,
  onCancel,
  onSubmit,
  submitLabel = 'Enregistrer',
  submitting,
  children,
  width,
}: {
  open: boolean;
  title: string;
  onCancel: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel?: string;
  submitting?: boolean;
  children: ReactNode;
  width?: number;
}) {
  const formId = `bo-form-modal-${useId().replace(/:/g, '')}`;
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      destroyOnHidden
      width={width}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Annuler
        </Button>,
        <Button key="submit" type="primary" htmlType="submit" form={formId} loading={submitting}>
          {submitLabel}
        </Button>,
      ]}
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Modal>
  );
}

export type ConfirmOptions = {
  title: string;
  content?: ReactNode;
  okText?: string;
  cancelText?: string;
  danger?: boolean;
};

// A yes/no question in a dialog, answered as a promise (true when confirmed). Uses antd's App context, so
// the dialog follows the app's theme and locale.
export function useConfirm() {
  const { modal } = App.useApp();
  return (options: ConfirmOptions) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: options.title,
        content: options.content,
        okText: options.okText ?? 'Confirmer',
        cancelText: options.cancelText ?? 'Annuler',
        okButtonProps: { danger: options.danger },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
}
