import {
  contactFieldLabels as labels,
  contactName,
  formatPhone,
  personTitleLabels,
  type ContactListItem,
} from '@bo/contracts/records';
import { notifyError } from '@bo/client';
import { FormModal } from '@bo/ui';
import { Radio } from 'antd';
import { useState } from 'react';
import { useMergeContacts } from '../api/contacts';

type Pair = readonly [ContactListItem, ContactListItem];
type Side = 0 | 1;

// The fields a merge chooses between, as the user reads them.
const mergedFields = [
  { key: 'title', label: labels.title, show: (c: ContactListItem) => personTitleLabels[c.title] },
  { key: 'firstName', label: labels.firstName, show: (c: ContactListItem) => c.firstName },
  { key: 'lastName', label: labels.lastName, show: (c: ContactListItem) => c.lastName },
  { key: 'jobTitle', label: labels.jobTitle, show: (c: ContactListItem) => c.jobTitle },
  { key: 'email', label: labels.email, show: (c: ContactListItem) => c.email },
  { key: 'phone', label: labels.phone, show: (c: ContactListItem) => (c.phone ? formatPhone(c.phone) : null) },
  { key: 'company', label: labels.companyId, show: (c: ContactListItem) => c.company?.name ?? null },
  { key: 'owner', label: labels.ownerId, show: (c: ContactListItem) => c.owner.trigram },
] as const;
type MergedField = (typeof mergedFields)[number]['key'];

// Each field's value from the side chosen for it: what the kept contact becomes.
export function mergedValues(pair: Pair, chosen: Record<MergedField, Side>) {
  const from = (field: MergedField) => pair[chosen[field]];
  return {
    title: from('title').title,
    firstName: from('firstName').firstName,
    lastName: from('lastName').lastName,
    jobTitle: from('jobTitle').jobTitle,
    email: from('email').email,
    phone: from('phone').phone,
    companyId: from('company').company?.id ?? null,
    ownerId: from('owner').owner.id,
  };
}

// By default each field keeps the kept contact's value, or the other's when the kept one has none.
function defaults(pair: Pair, kept: Side): Record<MergedField, Side> {
  const other: Side = kept === 0 ? 1 : 0;
  return Object.fromEntries(
    mergedFields.map((field) => [field.key, field.show(pair[kept]) ? kept : field.show(pair[other]) ? other : kept]),
  ) as Record<MergedField, Side>;
}

// Two duplicates become one: the user picks the contact kept and, field by field, the values it keeps; the other
// contact's todos and history move to it, and the other is merged away: gone from every list (server side, in one
// transaction).
export function MergeDialog({
  contacts,
  onClose,
  onMerged,
}: {
  contacts: Pair;
  onClose: () => void;
  onMerged: (keptId: number) => void;
}) {
  const [kept, setKept] = useState<Side>(0);
  const [chosen, setChosen] = useState(() => defaults(contacts, 0));
  const merge = useMergeContacts();
  const names = contacts.map((contact) => contactName(contact));
  return (
    <FormModal
      open
      width={760}
      title="Fusionner deux contacts"
      submitLabel="Fusionner"
      submitting={merge.isPending}
      onCancel={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const duplicate = contacts[kept === 0 ? 1 : 0];
        merge.mutate(
          {
            keptId: contacts[kept].id,
            duplicateId: duplicate.id,
            version: contacts[kept].version,
            duplicateVersion: duplicate.version,
            ...mergedValues(contacts, chosen),
          },
          {
            onSuccess: () => {
              onMerged(contacts[kept].id);
              onClose();
            },
            onError: notifyError,
          },
        );
      }}
    >
      <fieldset className="bo-merge__kept">
        <legend>Contact conservé</legend>
        <Radio.Group
          value={kept}
          onChange={(event) => {
            const side = event.target.value as Side;
            setKept(side);
            setChosen(defaults(contacts, side));
          }}
          options={contacts.map((contact, side) => ({ value: side, label: `${names[side]} (n° ${contact.id})` }))}
        />
        <p className="bo-merge__note">
          L’autre contact disparaît des listes ; ses tâches et son historique passent au contact conservé.
        </p>
      </fieldset>
      {mergedFields.map((field) => (
        <fieldset key={field.key} className="bo-merge__field">
          <legend>{field.label}</legend>
          <Radio.Group
            value={chosen[field.key]}
            onChange={(event) => setChosen((current) => ({ ...current, [field.key]: event.target.value as Side }))}
            options={contacts.map((contact, side) => ({
              value: side,
              label: field.show(contact) ?? '(vide)',
            }))}
          />
        </fieldset>
      ))}
    </FormModal>
  );
}
