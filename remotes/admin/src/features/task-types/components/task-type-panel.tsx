import { taskTypeFormSchema, type TaskStyle, type TaskType } from '@bo/contracts/records';
import { HiddenField, SwitchField, TextField } from '@bo/ui/form';
import { EntityPanel, historySection, useRecordForm, type PanelParam } from '@bo/ui/records';
import { useWatch } from 'react-hook-form';
import { fetchTaskTypeHistory, taskTypeKeys, useStoreTaskType } from '../api/task-types';
import { ColourField } from './colour-field';
import { TaskChipPreview } from './task-chip';

type TaskTypeFormValues = { description: string; style: TaskStyle; order: number; isActive: boolean };

// The French name of each field a history entry names.
const historyLabels: Record<string, string> = {
  description: 'Description',
  backgroundColor: 'Couleur de fond',
  borderColor: 'Couleur de bordure',
  color: 'Couleur du texte',
  order: 'Ordre d’affichage',
  isActive: 'Actif',
};

const formFields = [
  'description',
  'style',
  'style.backgroundColor',
  'style.borderColor',
  'style.color',
  'order',
  'isActive',
] as const;

// A new type: dark blue on pale blue, readable in both themes.
const NEW_STYLE: TaskStyle = { backgroundColor: '#dbeafe', borderColor: '#1d4ed8', color: '#1e3a8a' };

function TaskTypeForm({
  taskType,
  nextOrder,
  panel,
}: {
  taskType: TaskType | null;
  nextOrder: number;
  panel: PanelParam;
}) {
  const store = useStoreTaskType(taskType?.id ?? null);
  const initial: TaskTypeFormValues = {
    description: taskType?.description ?? '',
    style: taskType ? { ...taskType.style } : NEW_STYLE,
    order: taskType?.order ?? nextOrder,
    isActive: taskType?.isActive ?? true,
  };
  const { form, panelForm } = useRecordForm({
    schema: taskTypeFormSchema,
    defaultValues: initial,
    fields: formFields,
    record: taskType,
    panel,
    save: (payload, _version, callbacks) => store.mutate(payload, callbacks),
    submitting: store.isPending,
  });
  const { control } = form;
  const description = useWatch({ control, name: 'description' });
  const style = useWatch({ control, name: 'style' });
  return (
    <EntityPanel
      open
      title={taskType ? `Type de tâche : ${taskType.description}` : 'Nouveau type de tâche'}
      onClose={panel.close}
      sections={
        taskType
          ? [
              historySection({
                label: `Historique du type ${taskType.description}`,
                queryKey: taskTypeKeys.history(taskType.id),
                fetchPage: fetchTaskTypeHistory(taskType.id),
                fieldLabels: historyLabels,
              }),
            ]
          : []
      }
      form={{
        ...panelForm,
        submitLabel: taskType ? 'Enregistrer' : 'Créer le type',
        content: (
          <>
            <div className="bo-form-grid">
              <TextField control={control} name="description" label="Description" required maxLength={150} />
              <ColourField control={control} name="style.backgroundColor" label="Couleur de fond" />
              <ColourField control={control} name="style.borderColor" label="Couleur de bordure" />
              <ColourField control={control} name="style.color" label="Couleur du texte" />
              {taskType && (
                <SwitchField
                  control={control}
                  name="isActive"
                  label="Proposé pour les nouvelles tâches"
                  onLabel="Actif"
                  offLabel="Inactif : garde ses couleurs sur les tâches existantes"
                />
              )}
              <HiddenField control={control} name="order" />
            </div>
            <TaskChipPreview description={typeof description === 'string' ? description : ''} style={style ?? {}} />
          </>
        ),
      }}
    />
  );
}

// The panel of /gestion-taches: a new type (`?type=new`) or one type (`?type=3`), from the list already loaded.
export function TaskTypePanel({
  panel,
  taskTypes,
  loading,
}: {
  panel: PanelParam;
  taskTypes: TaskType[] | undefined;
  loading: boolean;
}) {
  if (panel.target === null) return null;
  const nextOrder = Math.max(0, ...(taskTypes ?? []).map((type) => type.order)) + 1;
  if (panel.target === 'new') return <TaskTypeForm key="new" taskType={null} nextOrder={nextOrder} panel={panel} />;
  const taskType = taskTypes?.find((type) => type.id === panel.target);
  if (!taskType) {
    return <EntityPanel open title="Type de tâche" onClose={panel.close} loading={loading} error={!loading} />;
  }
  return <TaskTypeForm key={taskType.id} taskType={taskType} nextOrder={nextOrder} panel={panel} />;
}
