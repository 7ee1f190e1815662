import { callEndpoint, notifyError, notifySuccess } from '@bo/client';
import { endpoints, MAX_PER_PAGE, type ContactScope } from '@bo/contracts/records';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { UserPickerDialog } from './user-picker-dialog';
import { useOwnerOptions } from './users';

// How many ids one call takes (contracts: contactsOwnerPayloadSchema).
const IDS_PER_CALL = 1000;

// Every contact of an owner (to give them all to someone else): page after page at the largest size. `scope`: as
// the caller may see them ('team' for a leader's member, 'all' for an admin).
export async function ownerContactIds(ownerId: number, scope: ContactScope = 'all'): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const { items, total } = await callEndpoint(endpoints.contacts, {
      params: { scope, ownerId, page, perPage: MAX_PER_PAGE, sort: 'name' },
    });
    ids.push(...items.map((contact) => contact.id));
    if (items.length === 0 || ids.length >= total) return ids;
  }
}

export type ReassignContactsDialogProps = {
  open: boolean;
  // What is being given away, for the dialog's title: "3 contacts", "les 120 contacts de COM".
  what: string;
  // The contacts, or how to find them when the dialog is confirmed (all of a member's contacts).
  ids: readonly number[] | (() => Promise<number[]>);
  // The current owner, not offered.
  fromOwnerId?: number;
  onClose: () => void;
  onDone?: () => void;
};

// Gives contacts to another active user (POST /contacts/owner), in calls of at most a thousand ids; the lists,
// panels and team figures that show owners are refreshed.
export function ReassignContactsDialog({ open, what, ids, fromOwnerId, onClose, onDone }: ReassignContactsDialogProps) {
  const queryClient = useQueryClient();
  const { options, users } = useOwnerOptions();
  const [busy, setBusy] = useState(false);

  async function reassign(ownerId: number) {
    setBusy(true);
    try {
      const all = typeof ids === 'function' ? await ids() : [...ids];
      for (let start = 0; start < all.length; start += IDS_PER_CALL) {
        await callEndpoint(endpoints.reassignContacts, {
          params: { ids: all.slice(start, start + IDS_PER_CALL), ownerId },
        });
      }
      const trigram = users.find((user) => user.id === ownerId)?.trigram ?? '';
      notifySuccess(
        `${all.length.toLocaleString('fr-FR')} contact${all.length > 1 ? 's' : ''} réassigné${all.length > 1 ? 's' : ''} à ${trigram}`,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['contacts'] }),
        queryClient.invalidateQueries({ queryKey: ['team'] }),
      ]);
      onDone?.();
      onClose();
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <UserPickerDialog
      open={open}
      title={`Changer le propriétaire de ${what}`}
      label="Nouveau propriétaire"
      submitLabel="Réassigner"
      submitting={busy}
      options={options.filter((option) => option.value !== fromOwnerId)}
      onCancel={onClose}
      onPick={(ownerId) => void reassign(ownerId)}
    />
  );
}
