import { Button, Descriptions } from 'antd';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { GuardedModal, useDialogDirty } from '@bo/ui';
import { DatePickerField, NotesField, SelectField, SwitchField, TextareaField, useZodForm } from '@bo/ui/form';
import type { Todo } from '@bo/contracts';
import type { z } from 'zod';
import type { CalendarTodo } from '../todo-events';
import { useTodoDraft } from './todo-draft';
import { applyServerFieldErrors, todoEditFormSchema, type TodoEditValues } from './todo-forms';

export type EditableTodo = CalendarTodo & { comment?: string | null };
export type TaskOption = { id: number; description: string };

export type TodoEditDialogProps = {
  // The dialog is open while a todo is given.
  todo: EditableTodo | null;
  tasks: readonly TaskOption[];
  // Resolves once saved (the caller then closes the dialog); a rejection keeps the dialog open as typed.
  onSubmit: (values: TodoEditValues, todo: EditableTodo) => Promise<unknown>;
  onCancel: () => void;
};

const editFields = ['deadline', 'notes', 'comment', 'isAccomplished', 'taskId', 'newDeadline', 'newNotes'] as const;

function TodoEditForm({ todo, tasks, onSubmit, onCancel }: TodoEditDialogProps & { todo: EditableTodo }) {
  const formId = `todo-edit-${useId().replace(/:/g, '')}`;
  const kept = useTodoDraft(
    (draft) => draft.kind === 'edit' && draft.todo.id === todo.id,
    // The dialogs that keep drafts are the editor's, whose todos are whole todos of the API.
    (userId) => ({ kind: 'edit', userId, todo: todo as Todo, values: form.getValues() }),
  );
  // Its own draft, which opens the dialog again too (todo-draft.ts), in place of the kit's.
  const form = useZodForm(
    todoEditFormSchema,
    {
      deadline: todo.deadline,
      notes: todo.notes,
      comment: todo.comment ?? '',
      isAccomplished: false,
      taskId: null,
      newDeadline: '',
      newNotes: '',
      ...(kept as Partial<z.input<typeof todoEditFormSchema>> | null),
    },
    { draft: false },
  );
  const { control } = form;
  // "Annuler" and Échap ask before throwing typed changes away.
  const handleCancel = useDialogDirty(form.formState.isDirty, onCancel);
  const isAccomplished = useWatch({ control, name: 'isAccomplished' });
  const followUpTask = useWatch({ control, name: 'taskId' });

  const handleValid = async (values: TodoEditValues) => {
    try {
      await onSubmit(values, todo);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, editFields);
    }
  };

  const company = todo.contact.company?.name;
  return (
    <form id={formId} onSubmit={form.handleSubmit(handleValid)} noValidate>
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'task', label: 'Tâche', children: todo.task.description },
          {
            key: 'contact',
            label: 'Contact',
            children: `${todo.contact.firstName} ${todo.contact.lastName}${company ? ` (${company})` : ''}`,
          },
        ]}
      />
      <DatePickerField control={control} name="deadline" label="Échéance" />
      <NotesField control={control} name="notes" label="Notes" rows={3} />
      <SwitchField control={control} name="isAccomplished" label="Tâche aboutie" onLabel="Oui" offLabel="Non" />
      <TextareaField control={control} name="comment" label="Commentaire (facultatif)" rows={2} />
      {isAccomplished && (
        <fieldset className="bo-todo-follow-up" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 600, marginBottom: 8 }}>Tâche de suivi</legend>
          <SelectField
            control={control}
            name="taskId"
            label="Type de la tâche de suivi"
            placeholder="Aucune tâche de suivi"
            allowClear
            options={tasks.map((task) => ({ value: task.id, label: task.description }))}
          />
          <DatePickerField
            control={control}
            name="newDeadline"
            label="Nouvelle échéance"
            required={followUpTask !== null}
          />
          <NotesField control={control} name="newNotes" label="Nouvelles notes" rows={2} />
        </fieldset>
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={handleCancel}>Annuler</Button>
        <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
}

// Edits a pending todo; switching "aboutie" on offers its follow-up, a new todo with its own deadline and notes.
export function TodoEditDialog(props: TodoEditDialogProps) {
  const { todo, onCancel } = props;
  return (
    <GuardedModal open={todo !== null} title="Modifier la tâche" onCancel={onCancel} footer={null} destroyOnHidden>
      {todo && <TodoEditForm key={todo.id} {...props} todo={todo} />}
    </GuardedModal>
  );
}
