import { useEffect, useRef } from 'react';
import { useConfirm } from './use-confirm';

const DISCARD = {
  title: 'Abandonner les modifications ?',
  content: 'Les changements non enregistrés seront perdus.',
  okText: 'Abandonner',
  danger: true,
};

// Closing a form that holds unsaved changes asks first ("Abandonner les modifications ?"); choosing to stay keeps
// the form as typed. The question is asked once for the same changes: a second request to close (the button, Échap,
// the mask) while it is open, just after "Abandonner" or once the form is closing asks nothing again.
export function useGuardedClose({ open, dirty, onClose }: { open: boolean; dirty: boolean; onClose: () => void }) {
  const confirm = useConfirm();
  const openNow = useRef(open);
  openNow.current = open;
  const asking = useRef(false);
  const discarded = useRef(false);
  useEffect(() => {
    if (!open || !dirty) discarded.current = false;
  }, [open, dirty]);

  return async function close() {
    if (asking.current || !openNow.current) return;
    if (dirty && !discarded.current) {
      asking.current = true;
      const confirmed = await confirm(DISCARD);
      asking.current = false;
      if (!confirmed) return;
      discarded.current = true;
    }
    onClose();
  };
}
