import { App } from 'antd';
import type { ReactNode } from 'react';

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
