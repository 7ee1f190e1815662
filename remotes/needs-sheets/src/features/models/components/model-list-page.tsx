import { PlusOutlined } from '@ant-design/icons';
import { useCan } from '@bo/client';
import {
  contractTypeLabels,
  contractTypes,
  NEEDS_SHEET_DEADLINE_DAYS,
  needsSheetModelStorePayloadSchema,
  seniorities,
  seniorityLabels,
  type NeedsSheetModel,
  type NeedsSheetModelStorePayload,
} from '@bo/contracts/needs-sheets';
import { FormModal, PageFrame } from '@bo/ui';
import { SelectField, SwitchField, TextareaField, TextField, showServerErrors, useZodForm } from '@bo/ui/form';
import { ListView, pageLocally, type ListColumn, type ListState } from '@bo/ui/list';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { needsSheetModelsQueryOptions } from '../../../api/needs-sheet-models';
import { useStoreNeedsSheetModel } from '../api/models';

const modelFields = ['title', 'description', 'skills', 'seniority', 'contractType', 'delay', 'isActive'] as const;

function ModelDialog({ model, onClose }: { model: NeedsSheetModel | null; onClose: () => void }) {
  const store = useStoreNeedsSheetModel(model?.id ?? null);
  const form = useZodForm(needsSheetModelStorePayloadSchema, {
    title: model?.title ?? '',
    description: model?.description ?? '',
    skills: model?.skills ?? [],
    seniority: model?.seniority ?? null,
    contractType: model?.contractType ?? null,
    delay: model?.delay ?? NEEDS_SHEET_DEADLINE_DAYS,
    isActive: model?.isActive ?? true,
  } as NeedsSheetModelStorePayload);
  const { control } = form;
  const onSubmit = form.handleSubmit((payload) =>
    store.mutate(payload, {
      onSuccess: onClose,
      onError: (error) => showServerErrors(error, form.setError, modelFields),
    }),
  );
  return (
    <FormModal
      open
      title={model ? `Modèle : ${model.title}` : 'Nouveau modèle'}
      onCancel={onClose}
      onSubmit={onSubmit}
      submitting={store.isPending}
      dirty={form.formState.isDirty}
      width={720}
    >
      <div className="bo-form-grid">
        <TextField control={control} name="title" label="Intitulé du poste" required maxLength={150} />
        <TextField control={control} name="delay" label="Délai de réponse (jours)" type="number" required />
        <SelectField
          control={control}
          name="seniority"
          label="Séniorité"
          options={seniorities.map((value) => ({ value, label: seniorityLabels[value] }))}
          allowClear
        />
        <SelectField
          control={control}
          name="contractType"
          label="Type de contrat"
          options={contractTypes.map((value) => ({ value, label: contractTypeLabels[value] }))}
          allowClear
        />
        <div className="bo-form-grid__wide">
          <TextareaField control={control} name="description" label="Description" rows={4} />
        </div>
        <SelectField
          control={control}
          name="skills"
          label="Compétences requises"
          mode="tags"
          options={[]}
          placeholder="Tapez une compétence puis Entrée"
        />
        {model && <SwitchField control={control} name="isActive" label="Actif" onLabel="Actif" offLabel="Archivé" />}
      </div>
    </FormModal>
  );
}

// /fiches-de-besoin/models: the named models that pre-fill a sheet; archived ones stay listed, marked.
export function ModelListPage() {
  const navigate = useNavigate();
  const canEdit = useCan('needsSheetModel', 'update');
  const canCreateModel = useCan('needsSheetModel', 'create');
  const canCreateSheet = useCan('needsSheet', 'create');
  const [editing, setEditing] = useState<NeedsSheetModel | 'new' | null>(null);
  const columns: ListColumn<NeedsSheetModel>[] = [
    { key: 'title', title: 'Intitulé', sortable: true },
    {
      key: 'seniority',
      title: 'Séniorité',
      value: (model) => (model.seniority ? seniorityLabels[model.seniority] : ''),
    },
    {
      key: 'contractType',
      title: 'Type de contrat',
      value: (model) => (model.contractType ? contractTypeLabels[model.contractType] : ''),
    },
    { key: 'skills', title: 'Compétences', value: (model) => model.skills.join(', ') },
    { key: 'delay', title: 'Délai (jours)', sortable: true, align: 'right' },
    {
      key: 'isActive',
      title: 'État',
      value: (model) => (model.isActive ? 'Actif' : 'Archivé'),
      render: (model) => <Tag color={model.isActive ? 'green' : 'default'}>{model.isActive ? 'Actif' : 'Archivé'}</Tag>,
    },
    {
      key: 'actions',
      title: 'Actions',
      value: () => '',
      render: (model) => (
        <Space wrap onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
          {canCreateSheet && model.isActive && (
            <Button size="small" onClick={() => navigate(`/fiches-de-besoin?sheet=new&model=${model.id}`)}>
              Créer une fiche depuis ce modèle
            </Button>
          )}
          {canEdit && (
            <Button size="small" onClick={() => setEditing(model)} aria-label={`Modifier le modèle ${model.title}`}>
              Modifier
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const toPage = (models: NeedsSheetModel[], state: ListState) =>
    pageLocally(models, state, {
      matches: (model, { search }) =>
        !search || model.title.toLocaleLowerCase('fr').includes(search.toLocaleLowerCase('fr')),
      sortValues: { title: (model) => model.title, delay: (model) => model.delay },
    });
  return (
    <PageFrame
      path="/fiches-de-besoin/models"
      actions={
        canCreateModel && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            Nouveau modèle
          </Button>
        )
      }
    >
      <ListView
        label="Modèles de fiches"
        columns={columns}
        search={{ label: 'Rechercher', placeholder: 'Intitulé' }}
        defaultSort={{ key: 'title', order: 'asc' }}
        queryOptions={() => needsSheetModelsQueryOptions(true)}
        toPage={toPage}
        rowKey={(model) => model.id}
        countLabel={(total) => `${total} modèle${total > 1 ? 's' : ''}`}
        emptyText="Aucun modèle"
      />
      {editing !== null && <ModelDialog model={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </PageFrame>
  );
}
