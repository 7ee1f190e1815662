import { messages } from '@bo/contracts';
import { Button, Modal, Select } from 'antd';
import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { DatePickerField } from '../form/date-picker';
import { FieldFrame, errorId } from '../form/field';
import { SelectField, TextareaField } from '../form/inputs';
import { useZodForm } from '../form/use-zod-form';
import type { TaskOption } from './todo-edit-dialog';
import { applyServerFieldErrors, todoAddFormSchema, type ContactGroup, type TodoAddValues } from './todo-forms';

export type TodoAddDialogProps = {
  open: boolean;
  tasks: readonly TaskOption[];
  // Standby contacts, grouped ('Mes contacts', 'Contacts de mon équipe', 'Tous les contacts').
  contactGroups: readonly ContactGroup[];
  contactsLoading?: boolean;
  initialDeadline?: string;
  onSubmit: (values: TodoAddValues) => Promise<unknown>;
  onCancel: () => void;
};

const addFields = ['contactId', 'taskId', 'deadline', 'notes'] as const;

type AddFormControl = Control<z.input<typeof todoAddFormSchema>, unknown, TodoAddValues>;

function ContactField({ control, groups, loading }: { control: AddFormControl; groups: readonly ContactGroup[]; loading?: boolean }) {
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

function TodoAddForm({ tasks, contactGroups, contactsLoading, initialDeadline, onSubmit, onCancel }: Omit<TodoAddDialogProps, 'open'>) {
  const form = useZodForm(todoAddFormSchema, { contactId: null, taskId: null, deadline: initialDeadline ?? '', notes: '' });
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
      <ContactField control={control} groups={contactGroups} loading={contactsLoading} />
      <SelectField
        control={control}
        name="taskId"
        label="Type de tâche"
        required
        placeholder="Choisir un type de tâche"
        options={tasks.map((task) => ({ value: task.id, label: task.description }))}
      />
      <DatePickerField control={control} name="deadline" label="Échéance" />
      <TextareaField control={control} name="notes" label="Notes" rows={3} />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onCancel}>Annuler</Button>
        <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
}

// Adds a todo for a standby contact, which activates it (spec section 4).
export function TodoAddDialog({ open, ...props }: TodoAddDialogProps) {
  return (
    <Modal open={open} title="Ajouter une tâche" onCancel={props.onCancel} footer={null} destroyOnHidden>
      {open && <TodoAddForm {...props} />}
    </Modal>
  );
}
