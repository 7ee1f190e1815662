import { contactName, messages, type ContactSummary } from '@bo/contracts';
import { DatePickerField, FieldFrame, NotesField, SelectField, errorId, useZodForm } from '@bo/ui';
import { Button, Input, Modal, Select } from 'antd';
import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import type { z } from 'zod';
import type { TaskOption } from './todo-edit-dialog';
import { applyServerFieldErrors, contactLabel, todoAddFormSchema, type ContactGroup, type TodoAddValues } from './todo-forms';

// The contact is either chosen in the standby lists (the calendar's "Ajouter une tâche") or given by the page
// (a contact's panel: "add a todo for this contact"), then shown and not editable.
export type TodoAddContact = Pick<ContactSummary, 'id' | 'firstName' | 'lastName' | 'company'>;

export type TodoAddDialogProps = {
  open: boolean;
  tasks: readonly TaskOption[];
  // The contact the todo is for; when absent, one is chosen in `contactGroups`.
  contact?: TodoAddContact | null;
  // Standby contacts, grouped ('Mes contacts', 'Contacts de mon équipe', 'Tous les contacts').
  contactGroups?: readonly ContactGroup[];
  contactsLoading?: boolean;
  initialDeadline?: string;
  onSubmit: (values: TodoAddValues) => Promise<unknown>;
  onCancel: () => void;
};

const addFields = ['contactId', 'taskId', 'deadline', 'notes'] as const;

type AddFormControl = Control<z.input<typeof todoAddFormSchema>, unknown, TodoAddValues>;

function StandbyContactField({ control, groups, loading }: { control: AddFormControl; groups: readonly ContactGroup[]; loading?: boolean }) {
  const id = `f-${useId().replace(/:/g, '')}-contact`;
  const { field, fieldState } = useController({ control, name: 'contactId' });
  const error = fieldState.error?.message;
  return (
    <FieldFrame id={id} label="Contact en veille" error={error} required>
      <Select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId(id)}
        value={field.value ?? undefined}
        onChange={(value: number | undefined) => field.onChange(value ?? null)}
        onBlur={field.onBlur}
        options={groups.map((group) => ({ label: group.label, title: group.label, options: group.options }))}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Choisir un contact"
        allowClear
        loading={loading}
        status={error ? 'error' : undefined}
        notFoundContent={messages.noMatch}
        style={{ width: '100%' }}
      />
    </FieldFrame>
  );
}

// The preset contact, read-only: a field the keyboard reaches and a screen reader names, the server's refusal under it.
function PresetContactField({ control, contact }: { control: AddFormControl; contact: TodoAddContact }) {
  const id = `f-${useId().replace(/:/g, '')}-contact`;
  const { fieldState } = useController({ control, name: 'contactId' });
  const error = fieldState.error?.message;
  return (
    <FieldFrame id={id} label="Contact" error={error}>
      <Input id={id} readOnly value={contactLabel(contact)} aria-invalid={error ? true : undefined} aria-describedby={errorId(id)} status={error ? 'error' : undefined} />
    </FieldFrame>
  );
}

function TodoAddForm({ tasks, contact, contactGroups = [], contactsLoading, initialDeadline, onSubmit, onCancel }: Omit<TodoAddDialogProps, 'open'>) {
  const form = useZodForm(todoAddFormSchema, { contactId: contact?.id ?? null, taskId: null, deadline: initialDeadline ?? '', notes: '' });
  const { control } = form;
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
        <StandbyContactField control={control} groups={contactGroups} loading={contactsLoading} />
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
        <Button onClick={onCancel}>Annuler</Button>
        <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
}

// Adds a todo for a contact; a contact en veille is activated by it (spec section 4).
export function TodoAddDialog({ open, ...props }: TodoAddDialogProps) {
  const title = props.contact ? `Ajouter une tâche pour ${contactName(props.contact)}` : 'Ajouter une tâche';
  return (
    <Modal open={open} title={title} onCancel={props.onCancel} footer={null} destroyOnHidden>
      {open && <TodoAddForm {...props} />}
    </Modal>
  );
}
