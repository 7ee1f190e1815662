import { useCan, useCurrentUser } from '@bo/client';
import {
  companyFieldLabels,
  companyStorePayloadSchema,
  contactName,
  formatPhone,
  formatRegistrationId,
  recordHistoryLabels,
  type CompanyStorePayload,
  type CompanyView,
} from '@bo/contracts/records';
import { SelectField, SelectMenuField, SwitchField, TextField } from '@bo/ui/form';
import {
  EntityPanel,
  PendingRecordPanel,
  historySection,
  searchCompanyOptions,
  useOwnerOptions,
  useRecordForm,
  type PanelParam,
  type PanelSection,
} from '@bo/ui/records';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, List, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { companyKeys, companyQueryOptions, fetchCompanyHistory, useStoreCompany } from '../api/companies';

type CompanyFormValues = {
  name: string;
  registrationId: string;
  parentId: number | null;
  address: string;
  postalCode: string;
  city: string;
  phone: string;
  website: string;
  sector: string;
  ownerId: number | null;
  isActive: boolean;
};

const formFields = [
  'name',
  'registrationId',
  'parentId',
  'address',
  'postalCode',
  'city',
  'phone',
  'website',
  'sector',
  'ownerId',
  'isActive',
] as const;

function formValues(company: CompanyView | null, parentId: number | null, ownerId: number | null): CompanyFormValues {
  return {
    name: company?.name ?? '',
    registrationId: company ? formatRegistrationId(company.registrationId) : '',
    parentId: company ? company.parentId : parentId,
    address: company?.address ?? '',
    postalCode: company?.postalCode ?? '',
    city: company?.city ?? '',
    phone: company?.phone ? formatPhone(company.phone) : '',
    website: company?.website ?? '',
    sector: company?.sector ?? '',
    ownerId: company ? company.ownerId : ownerId,
    isActive: company?.isActive ?? true,
  };
}

const dateFormat = new Intl.DateTimeFormat('fr-FR');

function CompanyForm({
  company,
  parentId,
  parentName,
  readOnly,
  panel,
}: {
  company: CompanyView | null;
  parentId: number | null;
  parentName?: string;
  readOnly: boolean;
  panel: PanelParam;
}) {
  const { data: user } = useCurrentUser();
  const store = useStoreCompany(company?.id ?? null);
  // Closing a company is the leaders' (permission table): the others do not see the switch.
  const canDeactivate = useCan('company', 'deactivate');
  // Who owns a company is a leader's call (permission table): the others see the owner without changing it.
  const canReassign = useCan('company', 'reassign');
  const { options: owners, users } = useOwnerOptions(company?.ownerId);
  const exclude = company ? [company.id, ...company.subsidiaries.map((subsidiary) => subsidiary.id)] : [];
  const queryClient = useQueryClient();
  const { form, panelForm } = useRecordForm({
    schema: companyStorePayloadSchema,
    defaultValues: formValues(company, parentId, user?.id ?? null) as CompanyStorePayload,
    fields: formFields,
    record: company,
    panel,
    save: (payload, version, callbacks) => store.mutate({ payload, version }, callbacks),
    submitting: store.isPending,
    conflict: {
      values: company ? (formValues(company, null, null) as CompanyStorePayload) : null,
      labels: companyFieldLabels,
      owners: users,
      format: (name, value) =>
        name === 'parentId'
          ? value === company?.parentId
            ? company?.parent?.name
            : `société n° ${String(value)}`
          : name === 'isActive'
            ? value
              ? 'Active'
              : 'Inactive'
            : undefined,
      reload: () => void queryClient.invalidateQueries({ queryKey: companyKeys.all }),
    },
  });
  const { control } = form;
  const title = company ? `Société : ${company.name}` : parentId ? 'Nouvelle filiale' : 'Nouvelle société';

  const sections: PanelSection[] = company
    ? [
        {
          key: 'subsidiaries',
          label: 'Filiales',
          count: company.subsidiaries.length,
          content: (
            <>
              {!readOnly && (
                <Button onClick={() => panel.show('new', { parent: String(company.id) })} style={{ marginBottom: 12 }}>
                  Ajouter une filiale
                </Button>
              )}
              <List
                aria-label="Filiales"
                dataSource={company.subsidiaries}
                locale={{ emptyText: <Empty description="Aucune filiale" /> }}
                renderItem={(subsidiary) => (
                  <List.Item
                    actions={[
                      <Tag key="status" color={subsidiary.isActive ? 'green' : 'default'}>
                        {subsidiary.isActive ? 'Active' : 'Inactive'}
                      </Tag>,
                    ]}
                  >
                    <List.Item.Meta
                      title={
                        <Button type="link" onClick={() => panel.show(subsidiary.id)} style={{ padding: 0 }}>
                          {subsidiary.name}
                        </Button>
                      }
                      description={`${formatRegistrationId(subsidiary.registrationId)} · ${subsidiary.city ?? 'Ville non renseignée'} · ${subsidiary.activeContactCount} contact(s) actif(s)`}
                    />
                  </List.Item>
                )}
              />
            </>
          ),
        },
        {
          key: 'contacts',
          label: 'Contacts',
          count: company.contacts.length,
          content: (
            <List
              aria-label="Contacts de la société"
              dataSource={company.contacts}
              locale={{ emptyText: <Empty description="Aucun contact" /> }}
              renderItem={(contact) => (
                <List.Item
                  actions={[
                    <Tag key="status" color={contact.isActive ? 'green' : 'default'}>
                      {contact.isActive ? 'Actif' : 'En veille'}
                    </Tag>,
                  ]}
                >
                  <List.Item.Meta
                    title={<Link to={`/liste-contacts?contact=${contact.id}`}>{contactName(contact)}</Link>}
                    description={contact.jobTitle ?? 'Fonction non renseignée'}
                  />
                </List.Item>
              )}
            />
          ),
        },
        {
          key: 'todos',
          label: 'Tâches ouvertes',
          count: company.openTodos.length,
          content: (
            <List
              aria-label="Tâches ouvertes"
              dataSource={company.openTodos}
              locale={{ emptyText: <Empty description="Aucune tâche ouverte" /> }}
              renderItem={(todo) => (
                <List.Item>
                  <List.Item.Meta
                    title={
                      <span>
                        <Tag
                          style={{
                            background: todo.task.style.backgroundColor,
                            borderColor: todo.task.style.borderColor,
                            color: todo.task.style.color,
                          }}
                        >
                          {todo.task.description}
                        </Tag>
                        {contactName(todo.contact)}
                      </span>
                    }
                    description={`Échéance ${dateFormat.format(new Date(`${todo.deadline.slice(0, 10)}T12:00:00`))} · ${todo.owner.trigram}`}
                  />
                </List.Item>
              )}
            />
          ),
        },
        historySection({
          label: `Historique du groupe ${company.name}`,
          queryKey: companyKeys.history(company.id),
          fetchPage: fetchCompanyHistory(company.id),
          fieldLabels: (entry) => recordHistoryLabels(entry.entity),
          showSubject: true,
        }),
      ]
    : [];

  return (
    <EntityPanel
      open
      title={title}
      onClose={panel.close}
      presence={company ? `company:${company.id}` : undefined}
      sections={sections}
      form={{
        ...panelForm,
        readOnly,
        submitLabel: company ? 'Enregistrer' : 'Créer la société',
        content: (
          <div className="bo-form-grid">
            <TextField control={control} name="name" label={companyFieldLabels.name} required maxLength={255} />
            <TextField
              control={control}
              name="registrationId"
              label={companyFieldLabels.registrationId}
              required
              placeholder="14 chiffres"
            />
            <SelectMenuField
              control={control}
              name="parentId"
              label={companyFieldLabels.parentId}
              placeholder="Aucune (société mère) – tapez au moins 2 caractères"
              search={(text, signal) => searchCompanyOptions(text, signal, { exclude })}
              initialOptions={
                company?.parent
                  ? [{ value: company.parent.id, label: company.parent.name }]
                  : parentId && parentName
                    ? [{ value: parentId, label: parentName }]
                    : []
              }
            />
            <TextField
              control={control}
              name="address"
              label={companyFieldLabels.address}
              autoComplete="street-address"
            />
            <TextField
              control={control}
              name="postalCode"
              label={companyFieldLabels.postalCode}
              autoComplete="postal-code"
              maxLength={5}
            />
            <TextField control={control} name="city" label={companyFieldLabels.city} autoComplete="address-level2" />
            <TextField
              control={control}
              name="phone"
              label={companyFieldLabels.phone}
              type="tel"
              placeholder="0033 1 23 45 67 89"
            />
            <TextField control={control} name="website" label={companyFieldLabels.website} placeholder="https://…" />
            <TextField control={control} name="sector" label={companyFieldLabels.sector} />
            <SelectField
              control={control}
              name="ownerId"
              label={companyFieldLabels.ownerId}
              required
              options={owners}
              disabled={company !== null && !canReassign}
            />
            {company && canDeactivate && (
              <SwitchField
                control={control}
                name="isActive"
                label={companyFieldLabels.isActive}
                onLabel="Active"
                offLabel="Inactive"
              />
            )}
          </div>
        ),
      }}
    />
  );
}

// The panel of /liste-societes: a new company (or subsidiary: `?company=new&parent=12`), or one company with its
// subsidiaries, contacts, open todos and its group's history.
export function CompanyPanel({ panel }: { panel: PanelParam }) {
  const id = typeof panel.target === 'number' ? panel.target : null;
  const company = useQuery({ ...companyQueryOptions(id ?? 0), enabled: id !== null });
  const parentParam = Number(panel.params.get('parent'));
  const parentId = panel.target === 'new' && Number.isInteger(parentParam) && parentParam > 0 ? parentParam : null;
  const parent = useQuery({ ...companyQueryOptions(parentId ?? 0), enabled: parentId !== null });
  const canCreate = useCan('company', 'create');
  const canUpdate = useCan('company', 'update');
  if (panel.target === null) return null;
  if (panel.target === 'new') {
    // A new subsidiary's form waits for its parent's name.
    if (parentId !== null && parent.isPending)
      return <EntityPanel open title="Nouvelle filiale" onClose={panel.close} loading />;
    return (
      <CompanyForm
        key={`new-${parentId}`}
        company={null}
        parentId={parentId}
        parentName={parent.data?.name}
        readOnly={!canCreate}
        panel={panel}
      />
    );
  }
  if (!company.data) {
    return <PendingRecordPanel title="Société" onClose={panel.close} record={company} />;
  }
  return (
    <CompanyForm key={company.data.id} company={company.data} parentId={null} readOnly={!canUpdate} panel={panel} />
  );
}
