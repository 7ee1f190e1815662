import type { ModalProps } from 'antd';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { lazyOverlay } from '../lazy-overlay';
import { useGuardedClose } from './use-guarded-close';

const Modal = lazyOverlay<ModalProps>(() => import('antd/es/modal'));

type DialogGuard = { setDirty: (dirty: boolean) => void; requestClose: () => void };

const DialogGuardContext = createContext<DialogGuard | null>(null);

export type GuardedModalProps = Omit<ModalProps, 'onCancel' | 'children'> & {
  open: boolean;
  onCancel: () => void;
  // Unsaved changes, when the caller owns the form; a form inside reports its own with `useDialogDirty`.
  dirty?: boolean;
  children: ReactNode;
};

// A dialog holding a form: Échap, the close button, the mask and the form's "Annuler" ask before throwing typed
// changes away, as the record panels do.
export function GuardedModal({ open, onCancel, dirty = false, children, ...props }: GuardedModalProps) {
  const [innerDirty, setInnerDirty] = useState(false);
  const close = useGuardedClose({ open, dirty: dirty || innerDirty, onClose: onCancel });
  const requestClose = () => void close();
  return (
    <Modal open={open} onCancel={requestClose} {...props}>
      <DialogGuardContext.Provider value={{ setDirty: setInnerDirty, requestClose }}>
        {children}
      </DialogGuardContext.Provider>
    </Modal>
  );
}

// For a form inside a GuardedModal: tells the dialog whether it holds unsaved changes, and gives the close request
// its own "Annuler" button calls (which asks first, as Échap does). Outside one, `fallback` closes.
export function useDialogDirty(dirty: boolean, fallback: () => void): () => void {
  const guard = useContext(DialogGuardContext);
  const setDirty = guard?.setDirty;
  useEffect(() => {
    setDirty?.(dirty);
  }, [setDirty, dirty]);
  // A form leaving the dialog leaves no changes behind it.
  useEffect(() => () => setDirty?.(false), [setDirty]);
  return guard?.requestClose ?? fallback;
}
