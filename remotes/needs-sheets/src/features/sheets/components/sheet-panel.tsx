import { notifyError, useCan, useCurrentUser } from '@bo/client';
import {
  contractTypeLabels,
  frenchDate,
  mayChangeNeedsSheetStatus,
  needsPriorityLabels,
  needsSheetFieldLabels,
  needsSheetStatusChangePayloadSchema,
  needsSheetStorePayloadSchema,
  seniorityLabels,
  type NeedsSheet,
  type NeedsSheetModel,
  type NeedsSheetStatus,
  type NeedsSheetStatusChangePayload,
  type NeedsSheetStorePayload,
} from '@bo/contracts/needs-sheets';
import { TodoEditorDialogs, useTodoEditor } from '@bo/todos/dialogs';
import { SelectField, TextareaField, showServerErrors, useZodForm } from '@bo/ui/form';
import { Wizard } from '@bo/ui/widgets';
import {
  conflictOf,
  EntityPanel,
  PendingRecordPanel,
  historySection,
  useOwnerOptions,
  useRecordForm,
  type PanelParam,
  type PanelSection,
} from '@bo/ui/records';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DefaultValues } from 'react-hook-form';
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { StatusTag } from '../../../components/status-tag';
import { needsSheetModelsQueryOptions } from '../../../api/needs-sheet-models';
import { needsSheetStatusesQueryOptions } from '../../../api/needs-sheet-statuses';
import { needsSheetKeys } from '../../../api/needs-sheet-keys';
import {
  fetchNeedsSheetHistory,
  needsSheetQueryOptions,
  useChangeNeedsSheetStatus,
  useDuplicateNeedsSheet,
  useStoreNeedsSheet,
} from '../api/needs-sheets';
import { ClientFields, ConditionFields, PositionFields } from './sheet-fields';
import { SheetPrintView } from './sheet-print-view';
import { SheetReview } from './sheet-review';

const formFields = [
  'companyId',
  'contactId',
  'title',
  'description',
  'skills',
  'niceToHave',
  'seniority',
  'place',
  'remoteDays',
  'startDate',
  'durationMonths',
  'contractType',
  'rateMin',
  'rateMax',
  'positions',
  'positionsFilled',
  'priority',
  'ownerId',
  'recruiterIds',
  'receivedDate',
  'deadline',
  'statusId',
] as const;

function formValues(
  sheet: NeedsSheet | null,
  model: NeedsSheetModel | null,
  ownerId: number | null,
): DefaultValues<NeedsSheetStorePayload> {
  return {
    companyId: sheet?.companyId ?? null,
    contactId: sheet?.contactId ?? null,
    title: sheet?.title ?? model?.title ?? '',
    description: sheet?.description ?? model?.description ?? '',
    skills: sheet?.skills ?? model?.skills ?? [],
    niceToHave: sheet?.niceToHave ?? [],
    seniority: sheet?.seniority ?? model?.seniority ?? undefined,
    place: sheet?.place ?? '',
    remoteDays: sheet?.remoteDays ?? 0,
    startDate: sheet?.startDate ?? '',
    durationMonths: sheet?.durationMonths ?? '',
    contractType: sheet?.contractType ?? model?.contractType ?? undefined,
    rateMin: sheet?.rateMin ?? '',
    rateMax: sheet?.rateMax ?? '',
    positions: sheet?.positions ?? 1,
    positionsFilled: sheet?.positionsFilled ?? 0,
    priority: sheet?.priority ?? 'normal',
    ownerId: sheet?.ownerId ?? ownerId,
    recruiterIds: sheet?.recruiterIds ?? [],
    receivedDate: sheet?.receivedDate ?? '',
    deadline: sheet?.deadline ?? '',
    statusId: sheet?.statusId ?? null,
    modelId: sheet?.modelId ?? model?.id ?? null,
    isActive: sheet?.isActive ?? true,
  };
}

// A value of a sheet's own fields in its history, as a reader knows it (the fields records share: historyChangeLines).
function sheetHistoryValue(field: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (field === 'seniority') return seniorityLabels[value as keyof typeof seniorityLabels];
  if (field === 'contractType') return contractTypeLabels[value as keyof typeof contractTypeLabels];
  if (field === 'priority') return needsPriorityLabels[value as keyof typeof needsPriorityLabels];
  if (field === 'deadline' || field === 'receivedDate' || field === 'startDate') return frenchDate(value);
  return undefined;
}

function StatusChange({ sheet, statuses }: { sheet: NeedsSheet; statuses: NeedsSheetStatus[] }) {
  const change = useChangeNeedsSheetStatus(sheet.id);
  const queryClient = useQueryClient();
  const form = useZodForm(needsSheetStatusChangePayloadSchema, {
    statusId: sheet.statusId,
    comment: '',
    version: sheet.version,
  } as NeedsSheetStatusChangePayload);
  const options = statuses
    .filter((status) => status.isActive || status.id === sheet.statusId)
    .map((status) => ({ value: status.id, label: status.label }));
  // Made from the sheet as shown: changed meanwhile, the change is refused (who and when in the message), the sheet is
  // read again, and the choice and comment stay to be sent over what is now shown.
  const onSubmit = form.handleSubmit((payload) =>
    change.mutate(
      { ...payload, version: sheet.version },
      {
        onSuccess: () => form.reset({ statusId: payload.statusId, comment: '', version: sheet.version }),
        onError: (error) => {
          if (conflictOf(error) !== null) {
            notifyError(error);
            void queryClient.invalidateQueries({ queryKey: needsSheetKeys.one(sheet.id) });
          } else showServerErrors(error, form.setError, ['statusId', 'comment']);
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Changer le statut" className="bo-form-grid">
      <SelectField control={form.control} name="statusId" label="Nouveau statut" required options={options} />
      <TextareaField control={form.control} name="comment" label="Commentaire" rows={2} />
      <div>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Changer le statut
        </Button>
      </div>
    </form>
  );
}

function SheetForm({
  sheet,
  model,
  readOnly,
  panel,
}: {
  sheet: NeedsSheet | null;
  model: NeedsSheetModel | null;
  readOnly: boolean;
  panel: PanelParam;
}) {
  const { data: user } = useCurrentUser();
  const store = useStoreNeedsSheet(sheet?.id ?? null);
  const duplicate = useDuplicateNeedsSheet();
  // A follow-up todo for the sheet's contact: the agenda's own dialog.
  const editor = useTodoEditor();
  const canAddTodo = useCan('todo', 'create');
  // A recruiter changes the status of the sheets they are assigned to (the server holds the same rule).
  const canChangeStatus = user !== undefined && sheet !== null && mayChangeNeedsSheetStatus(user, sheet);
  const canCreate = useCan('needsSheet', 'create');
  const { users } = useOwnerOptions(sheet?.ownerId);
  const statuses = useQuery(needsSheetStatusesQueryOptions()).data ?? [];
  const queryClient = useQueryClient();
  const { form, panelForm, submit } = useRecordForm({
    schema: needsSheetStorePayloadSchema,
    defaultValues: formValues(sheet, model, user?.id ?? null),
    fields: formFields,
    record: sheet,
    panel,
    save: (payload, version, callbacks) => store.mutate({ payload, version }, callbacks),
    submitting: store.isPending,
    // Saved, the form holds the sheet as the server keeps it.
    savedValues: (saved: NeedsSheet) => formValues(saved, null, null),
    conflict: {
      values: sheet ? (formValues(sheet, null, null) as NeedsSheetStorePayload) : null,
      labels: needsSheetFieldLabels,
      owners: users,
      format: (name, value) => {
        if (name === 'recruiterIds') return users.find((u) => u.id === value)?.trigram;
        if (name === 'statusId') return statuses.find((status) => status.id === value)?.label;
        if (sheet !== null && name === 'companyId' && value === sheet.companyId) return sheet.company.name;
        if (sheet !== null && name === 'contactId' && value === sheet.contactId)
          return `${sheet.contact.firstName} ${sheet.contact.lastName}`;
        return sheetHistoryValue(name, value);
      },
      reload: () => void queryClient.invalidateQueries({ queryKey: needsSheetKeys.all }),
    },
  });
  const { control } = form;
  const companyOption = sheet ? { value: sheet.company.id, label: sheet.company.name } : null;

  if (!sheet) {
    return (
      <EntityPanel
        open
        title={model ? `Nouvelle fiche depuis le modèle « ${model.title} »` : 'Nouvelle fiche de besoin'}
        onClose={panel.close}
        sections={[
          {
            key: 'wizard',
            label: 'Nouvelle fiche',
            content: (
              <Wizard
                label="Créer une fiche de besoin"
                finishLabel="Créer la fiche"
                onFinish={submit}
                steps={[
                  {
                    key: 'client',
                    title: 'Société et contact',
                    content: (
                      <div className="bo-form-grid">
                        <ClientFields control={control} companyOption={null} contactId={null} />
                      </div>
                    ),
                    validate: () => form.trigger(['companyId', 'contactId']),
                  },
                  {
                    key: 'position',
                    title: 'Poste',
                    content: (
                      <div className="bo-form-grid">
                        <PositionFields control={control} />
                      </div>
                    ),
                    validate: () => form.trigger(['title', 'seniority', 'description', 'skills', 'niceToHave']),
                  },
                  {
                    key: 'conditions',
                    title: 'Conditions',
                    content: (
                      <div className="bo-form-grid">
                        <ConditionFields control={control} statuses={statuses} />
                      </div>
                    ),
                    validate: () => form.trigger([...formFields]),
                  },
                  {
                    key: 'review',
                    title: 'Vérification',
                    content: <SheetReview control={control} model={model} statuses={statuses} />,
                  },
                ]}
              />
            ),
          },
        ]}
      />
    );
  }

  const sections: PanelSection[] = [
    {
      key: 'status',
      label: 'Statut',
      content: (
        <>
          <p>
            Statut actuel : <StatusTag status={sheet.status} />
          </p>
          {canChangeStatus ? (
            <StatusChange key={sheet.statusId} sheet={sheet} statuses={statuses} />
          ) : (
            <p className="bo-count">
              Seuls les recruteurs affectés à cette fiche et l’équipe commerciale peuvent changer son statut.
            </p>
          )}
        </>
      ),
    },
    { key: 'print', label: 'Impression', content: <SheetPrintView sheet={sheet} /> },
    historySection({
      label: `Historique de la fiche ${sheet.reference}`,
      queryKey: needsSheetKeys.history(sheet.id),
      fetchPage: fetchNeedsSheetHistory(sheet.id),
      fieldLabels: { ...needsSheetFieldLabels, duplicatedFrom: 'Copie de la fiche' },
      formatValue: sheetHistoryValue,
    }),
  ];

  return (
    <>
      <EntityPanel
        open
        title={`Fiche ${sheet.reference} : ${sheet.title}`}
        presence={`needsSheet:${sheet.id}`}
        onClose={panel.close}
        sections={sections}
        actions={
          <>
            {canAddTodo && (
              <Button
                icon={<PlusOutlined />}
                onClick={() => editor.openAddFor({ ...sheet.contact, company: sheet.company })}
              >
                Ajouter une tâche de suivi
              </Button>
            )}
            {canCreate && (
              <Button
                loading={duplicate.isPending}
                onClick={() => duplicate.mutate(sheet.id, { onSuccess: (copy) => panel.show(copy.id) })}
              >
                Dupliquer
              </Button>
            )}
          </>
        }
        form={{
          ...panelForm,
          readOnly,
          content: (
            <div className="bo-form-grid">
              <ClientFields control={control} companyOption={companyOption} contactId={sheet.contactId} />
              <PositionFields control={control} />
              <ConditionFields control={control} statuses={statuses} />
            </div>
          ),
        }}
      />
      <TodoEditorDialogs editor={editor} />
    </>
  );
}

// The panel of /fiches-de-besoin: a new sheet (`?sheet=new`, from a model with `&model=3`), or one sheet with its
// status and its history.
export function SheetPanel({ panel }: { panel: PanelParam }) {
  const id = typeof panel.target === 'number' ? panel.target : null;
  const sheet = useQuery({ ...needsSheetQueryOptions(id ?? 0), enabled: id !== null });
  const modelParam = Number(panel.params.get('model'));
  const modelId = panel.target === 'new' && Number.isInteger(modelParam) && modelParam > 0 ? modelParam : null;
  const models = useQuery({ ...needsSheetModelsQueryOptions(true), enabled: modelId !== null });
  const canCreate = useCan('needsSheet', 'create');
  const canUpdate = useCan('needsSheet', 'update');
  if (panel.target === null) return null;
  if (panel.target === 'new') {
    if (modelId !== null && models.isPending)
      return <EntityPanel open title="Nouvelle fiche de besoin" onClose={panel.close} loading />;
    const model = models.data?.find((candidate) => candidate.id === modelId) ?? null;
    return <SheetForm key={`new-${modelId}`} sheet={null} model={model} readOnly={!canCreate} panel={panel} />;
  }
  if (!sheet.data) {
    return <PendingRecordPanel title="Fiche de besoin" onClose={panel.close} record={sheet} />;
  }
  return <SheetForm key={sheet.data.id} sheet={sheet.data} model={null} readOnly={!canUpdate} panel={panel} />;
}
