import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { notifyError, useCan, useCurrentUser } from '@bo/client';
import {
  contactFieldLabels,
  contactHistoryLabels,
  contactName,
  contactStorePayloadSchema,
  duplicateReasonLabels,
  formatPhone,
  frenchDate,
  patterns,
  personTitleLabels,
  personTitles,
  toBusinessIsoDate,
  type Contact,
  type ContactStorePayload,
  type PersonTitle,
  type Todo,
} from '@bo/contracts/records';
import { TodoEditorDialogs, useTodoEditor } from '@bo/todos/dialogs';
import { LoadFailed } from '@bo/ui';
import { SelectField, SelectMenuField, TextField } from '@bo/ui/form';
import { saveFile } from '@bo/ui/list';
import {
  EntityPanel,
  PendingRecordPanel,
  historySection,
  searchCompanyOptions,
  useOwnerOptions,
  useRecordForm,
  type PanelParam,
} from '@bo/ui/records';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, List, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import {
  contactKeys,
  contactQueryOptions,
  contactTodosQueryOptions,
  downloadVcard,
  duplicatesQueryOptions,
  fetchContactHistory,
  useStoreContact,
  type DuplicateProbe,
} from '../api/contacts';

const formFields = ['title', 'firstName', 'lastName', 'jobTitle', 'email', 'phone', 'companyId', 'ownerId'] as const;

type ContactFormValues = {
  title: string | null;
  firstName: string;
  lastName: string;
  jobTitle: string;
  email: string;
  phone: string;
  companyId: number | null;
  ownerId: number | null;
};

function formValues(contact: Contact | null, ownerId: number | null): ContactFormValues {
  return {
    title: contact?.title ?? null,
    firstName: contact?.firstName ?? '',
    lastName: contact?.lastName ?? '',
    jobTitle: contact?.jobTitle ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ? formatPhone(contact.phone) : '',
    companyId: contact?.company?.id ?? null,
    ownerId: contact ? contact.ownerId : ownerId,
  };
}

const DUPLICATE_DELAY_MS = 400;

// What the form holds that could name an existing contact, once the user pauses: a valid e-mail, a valid phone,
// or both names with a company.
function useDuplicateProbe(control: Control<ContactStorePayload>, excludeId: number | null): DuplicateProbe | null {
  const [email, phone, firstName, lastName, companyId] = useWatch({
    control,
    name: ['email', 'phone', 'firstName', 'lastName', 'companyId'],
  }) as unknown as [string, string, string, string, number | null];
  const next: DuplicateProbe = {
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email?.trim() ?? '') ? email.trim() : '',
    phone: patterns.phone.test(phone?.trim() ?? '') ? phone.trim() : '',
    firstName: firstName?.trim() ?? '',
    lastName: lastName?.trim() ?? '',
    companyId: companyId ?? null,
    excludeId,
  };
  const key = JSON.stringify(next);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), DUPLICATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const probe = JSON.parse(settled) as DuplicateProbe;
  const worthAsking =
    probe.email !== '' ||
    probe.phone !== '' ||
    (probe.companyId !== null && probe.firstName !== '' && probe.lastName !== '');
  return worthAsking ? probe : null;
}

function DuplicateWarning({ probe, panel }: { probe: DuplicateProbe | null; panel: PanelParam }) {
  const duplicates = useQuery({ ...duplicatesQueryOptions(probe ?? ({} as DuplicateProbe)), enabled: probe !== null });
  if (probe === null || !duplicates.data || duplicates.data.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={duplicates.data.length > 1 ? 'Doublons possibles' : 'Doublon possible'}
      description={
        <ul className="bo-duplicates">
          {duplicates.data.map(({ contact, reasons }) => (
            <li key={contact.id}>
              {contactName(contact)}
              {contact.company ? ` (${contact.company.name})` : ''} :{' '}
              {reasons.map((reason) => duplicateReasonLabels[reason]).join(', ')}{' '}
              <Button
                type="link"
                size="small"
                onClick={() => panel.show(contact.id)}
                aria-label={`Ouvrir le contact ${contactName(contact)}`}
              >
                Ouvrir
              </Button>
            </li>
          ))}
        </ul>
      }
    />
  );
}

function todoStatus(todo: Todo, today: string) {
  if (todo.isAccomplished) return <Tag>Aboutie</Tag>;
  return todo.deadline < today ? <Tag color="error">En retard</Tag> : <Tag color="processing">En cours</Tag>;
}

function ContactTodos({ contact, onOpen }: { contact: Contact; onOpen: (todo: Todo) => void }) {
  const todos = useQuery(contactTodosQueryOptions(contact.id));
  const today = toBusinessIsoDate(new Date());
  if (todos.isError)
    return <LoadFailed title="Les tâches n’ont pas pu être chargées." onRetry={() => void todos.refetch()} />;
  return (
    <List
      aria-label={`Tâches de ${contactName(contact)}`}
      loading={todos.isPending}
      dataSource={todos.data ?? []}
      locale={{ emptyText: <Empty description="Aucune tâche" /> }}
      renderItem={(todo) => (
        <List.Item
          actions={[
            todoStatus(todo, today),
            !todo.isAccomplished && (
              <Button
                key="open"
                size="small"
                onClick={() => onOpen(todo)}
                aria-label={`Modifier la tâche ${todo.task.description} du ${frenchDate(todo.deadline)}`}
              >
                Modifier
              </Button>
            ),
          ]}
        >
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
                {frenchDate(todo.isAccomplished && todo.executionDate ? todo.executionDate : todo.deadline)} ·{' '}
                {todo.owner.trigram}
              </span>
            }
            description={todo.notes || undefined}
          />
        </List.Item>
      )}
    />
  );
}

// A contact's state is not the form's to change: it is active while it has a pending todo, en veille otherwise.
function ContactState({ contact }: { contact: Contact }) {
  return (
    <div className="bo-contact-state" role="group" aria-label="État du contact">
      <span>État : </span>
      <Tag color={contact.isActive ? 'green' : 'default'}>{contact.isActive ? 'Actif' : 'En veille'}</Tag>
      <span className="bo-contact-state__note">
        {contact.isActive ? 'a une tâche en cours' : 'sans tâche en cours : ajoutez-en une pour l’activer'}
      </span>
    </div>
  );
}

function ContactForm({ contact, readOnly, panel }: { contact: Contact | null; readOnly: boolean; panel: PanelParam }) {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const store = useStoreContact(contact?.id ?? null);
  const { options: owners, users } = useOwnerOptions(contact?.ownerId);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: contactKeys.all });
  const { form, panelForm } = useRecordForm({
    schema: contactStorePayloadSchema,
    defaultValues: formValues(contact, user?.id ?? null) as ContactStorePayload,
    fields: formFields,
    record: contact,
    panel,
    save: (payload, version, callbacks) => store.mutate({ payload, version }, callbacks),
    submitting: store.isPending,
    conflict: {
      values: contact ? (formValues(contact, null) as ContactStorePayload) : null,
      labels: contactFieldLabels,
      owners: users,
      format: (name, value) =>
        name === 'title'
          ? personTitleLabels[value as PersonTitle]
          : name === 'companyId'
            ? value === contact?.company?.id
              ? contact?.company?.name
              : `société n° ${String(value)}`
            : undefined,
      reload: refresh,
    },
  });
  const { control } = form;
  const probe = useDuplicateProbe(control, contact?.id ?? null);
  const editor = useTodoEditor({ onTodoAdded: refresh, onTodoSaved: refresh });
  const canAddTodo = useCan('todo', 'create');
  // Who owns a contact is a leader's call (permission table): the others see the owner without changing it.
  const canReassign = useCan('contact', 'reassign');

  return (
    <>
      <EntityPanel
        open
        title={contact ? `Contact : ${personTitleLabels[contact.title]} ${contactName(contact)}` : 'Nouveau contact'}
        presence={contact ? `contact:${contact.id}` : undefined}
        onClose={panel.close}
        actions={
          contact && (
            <>
              {contact.mergedIntoId !== null && (
                <Button onClick={() => panel.show(contact.mergedIntoId ?? 0)}>Ouvrir le contact conservé</Button>
              )}
              {canAddTodo && contact.mergedIntoId === null && (
                <Button icon={<PlusOutlined />} onClick={() => editor.openAddFor(contact)}>
                  Ajouter une tâche
                </Button>
              )}
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  downloadVcard(contact.id).then(
                    (file) => saveFile(file.fileName ?? `contact-${contact.id}.vcf`, file.blob),
                    (error: unknown) => notifyError(error),
                  )
                }
              >
                vCard
              </Button>
            </>
          )
        }
        sections={
          contact
            ? [
                { key: 'todos', label: 'Tâches', content: <ContactTodos contact={contact} onOpen={editor.openTodo} /> },
                historySection({
                  label: `Historique de ${contactName(contact)}`,
                  queryKey: contactKeys.history(contact.id),
                  fetchPage: fetchContactHistory(contact.id),
                  fieldLabels: contactHistoryLabels,
                  showSubject: true,
                }),
              ]
            : []
        }
        form={{
          ...panelForm,
          readOnly,
          submitLabel: contact ? 'Enregistrer' : 'Créer le contact',
          content: (
            <>
              {contact?.mergedIntoId != null && (
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 16 }}
                  title="Ce contact a été fusionné dans un autre : il n’apparaît plus dans les listes et ne se modifie plus."
                />
              )}
              <DuplicateWarning probe={probe} panel={panel} />
              <div className="bo-form-grid">
                <SelectField
                  control={control}
                  name="title"
                  label={contactFieldLabels.title}
                  required
                  options={personTitles.map((title) => ({ value: title, label: personTitleLabels[title] }))}
                />
                <TextField control={control} name="jobTitle" label={contactFieldLabels.jobTitle} />
                <TextField
                  control={control}
                  name="firstName"
                  label={contactFieldLabels.firstName}
                  required
                  autoComplete="off"
                />
                <TextField
                  control={control}
                  name="lastName"
                  label={contactFieldLabels.lastName}
                  required
                  autoComplete="off"
                />
                <TextField
                  control={control}
                  name="email"
                  label={contactFieldLabels.email}
                  type="email"
                  autoComplete="off"
                />
                <TextField
                  control={control}
                  name="phone"
                  label={contactFieldLabels.phone}
                  type="tel"
                  placeholder="0033 6 12 34 56 78"
                />
                <SelectMenuField
                  control={control}
                  name="companyId"
                  label={contactFieldLabels.companyId}
                  placeholder="Aucune – tapez au moins 2 caractères"
                  search={(text, signal) => searchCompanyOptions(text, signal)}
                  initialOptions={contact?.company ? [{ value: contact.company.id, label: contact.company.name }] : []}
                />
                <SelectField
                  control={control}
                  name="ownerId"
                  label={contactFieldLabels.ownerId}
                  required
                  options={owners}
                  disabled={contact !== null && !canReassign}
                />
                {contact && <ContactState contact={contact} />}
              </div>
            </>
          ),
        }}
      />
      <TodoEditorDialogs editor={editor} />
    </>
  );
}

// The panel of /liste-contacts: a new contact, or one contact with its todos and its history.
export function ContactPanel({ panel }: { panel: PanelParam }) {
  const id = typeof panel.target === 'number' ? panel.target : null;
  const contact = useQuery({ ...contactQueryOptions(id ?? 0), enabled: id !== null });
  const canCreate = useCan('contact', 'create');
  const canUpdate = useCan('contact', 'update');
  if (panel.target === null) return null;
  if (panel.target === 'new') return <ContactForm key="new" contact={null} readOnly={!canCreate} panel={panel} />;
  if (!contact.data) {
    return <PendingRecordPanel title="Contact" onClose={panel.close} record={contact} />;
  }
  // A contact merged into another changes no more.
  return (
    <ContactForm
      key={contact.data.id}
      contact={contact.data}
      readOnly={!canUpdate || contact.data.mergedIntoId !== null}
      panel={panel}
    />
  );
}
