import type { ReactNode } from 'react';

export type ConfirmOptions = {
  title: string;
  content?: ReactNode;
  okText?: string;
  cancelText?: string;
  danger?: boolean;
};

// A yes/no question in a dialog, answered as a promise (true when confirmed). antd's dialog module loads with the
// first question; the dialog follows the app's theme and locale through the holder the shell gives antd's dialogs
// (`ConfigProvider.config`, shell/src/app.tsx).
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return import('antd/es/modal').then(
    ({ default: Modal }) =>
      new Promise<boolean>((resolve) => {
        Modal.confirm({
          title: options.title,
          content: options.content,
          okText: options.okText ?? 'Confirmer',
          cancelText: options.cancelText ?? 'Annuler',
          okButtonProps: { danger: options.danger },
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
  );
}

export function useConfirm() {
  return confirm;
}
