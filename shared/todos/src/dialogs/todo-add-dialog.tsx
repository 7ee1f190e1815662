import { contactName, type ContactSummary } from '@bo/contracts';
import { GuardedModal, useDialogDirty } from '@bo/ui';
import {
  DatePickerField,
  FieldFrame,
  NotesField,
  SelectField,
  SelectMenuField,
  errorId,
  useZodForm,
  type Option,
} from '@bo/ui/form';
import { Button, Input } from 'antd';
import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import type { z } from 'zod';
import type { TaskOption } from './todo-edit-dialog';
import { useTodoDraft } from './todo-draft';
import { applyServerFieldErrors, contactLabel, todoAddFormSchema, type TodoAddValues } from './todo-forms';

// The contact is either searched among every contact the user may read (the calendar's "Ajouter une tâche",
// standby contacts marked as such) or given by the page (a contact's panel), then shown and not editable.
export type TodoAddContact = Pick<ContactSummary, 'id' | 'firstName' | 'lastName' | 'company'>;

export type TodoAddDialogProps = {
  open: boolean;
  tasks: readonly TaskOption[];
  // The contact the todo is for; when absent, one is searched with `searchContacts`.
  contact?: TodoAddContact | null;
  // Contacts whose name or company contains the text (a stable function: the field looks up again when it changes).
  searchContacts?: (text: string, signal: AbortSignal) => Promise<Option[]>;
  initialDeadline?: string;
  onSubmit: (values: TodoAddValues) => Promise<unknown>;
  onCancel: () => void;
};

const addFields = ['contactId', 'taskId', 'deadline', 'notes'] as const;

const noContacts = () => Promise.resolve([]);

type AddFormControl = Control<z.input<typeof todoAddFormSchema>, unknown, TodoAddValues>;

// The preset contact, read-only: a field the keyboard reaches and a screen reader names, the server's refusal under it.
function PresetContactField({ control, contact }: { control: AddFormControl; contact: TodoAddContact }) {
  const id = `f-${useId().replace(/:/g, '')}-contact`;
  const { fieldState } = useController({ control, name: 'contactId' });
  const error = fieldState.error?.message;
  return (
    <FieldFrame id={id} label="Contact" error={error}>
      <Input
        id={id}
        readOnly
        value={contactLabel(contact)}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId(id)}
        status={error ? 'error' : undefined}
      />
    </FieldFrame>
  );
}

function TodoAddForm({
  tasks,
  contact,
  searchContacts = noContacts,
  initialDeadline,
  onSubmit,
  onCancel,
}: Omit<TodoAddDialogProps, 'open'>) {
  const presetId = contact?.id ?? null;
  const kept = useTodoDraft(
    (draft) => draft.kind === 'add' && (draft.contact?.id ?? null) === presetId,
    // A searched contact is chosen again (its name came with the search), the rest comes back as typed.
    (userId) => ({
      kind: 'add',
      userId,
      contact: contact ?? null,
      values: { ...form.getValues(), contactId: presetId },
    }),
  );
  // Its own draft, which opens the dialog again too (todo-draft.ts), in place of the kit's.
  const form = useZodForm(
    todoAddFormSchema,
    {
      contactId: presetId,
      taskId: null,
      deadline: initialDeadline ?? '',
      notes: '',
      ...(kept as Partial<z.input<typeof todoAddFormSchema>> | null),
    },
    { draft: false },
  );
  const { control } = form;
  // "Annuler" and Échap ask before throwing typed changes away.
  const handleCancel = useDialogDirty(form.formState.isDirty, onCancel);
  const handleValid = async (values: TodoAddValues) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, addFields);
    }
  };
  return (
    <form onSubmit={form.handleSubmit(handleValid)} noValidate>
      {contact ? (
        <PresetContactField control={control} contact={contact} />
      ) : (
        <SelectMenuField
          control={control}
          name="contactId"
          label="Contact"
          required
          search={searchContacts}
          placeholder="Nom, prénom ou société (2 caractères au moins)"
        />
      )}
      <SelectField
        control={control}
        name="taskId"
        label="Type de tâche"
        required
        placeholder="Choisir un type de tâche"
        options={tasks.map((task) => ({ value: task.id, label: task.description }))}
      />
      <DatePickerField control={control} name="deadline" label="Échéance" />
      <NotesField control={control} name="notes" label="Notes" rows={3} />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={handleCancel}>Annuler</Button>
        <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
}

// Adds a todo for a contact; a contact en veille is activated by it (a contact is active while it has a pending todo).
export function TodoAddDialog({ open, ...props }: TodoAddDialogProps) {
  const title = props.contact ? `Ajouter une tâche pour ${contactName(props.contact)}` : 'Ajouter une tâche';
  return (
    <GuardedModal open={open} title={title} onCancel={props.onCancel} footer={null} destroyOnHidden>
      {open && <TodoAddForm {...props} />}
    </GuardedModal>
  );
}
