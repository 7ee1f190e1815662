import { contactName, personTitleLabels, type ContactListItem, type TeamMember } from '@bo/contracts/records';
import { LoadFailed, PageFrame } from '@bo/ui';
import { DataTable, ListView, type ListColumn } from '@bo/ui/list';
import { EntityPanel, usePanelParam, ReassignContactsDialog } from '@bo/ui/records';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { memberContactIds, memberContactsQueryOptions, teamQueryOptions } from '../api/team';

const figure = (value: number, late = false) =>
  late && value > 0 ? <Tag color="error">{value}</Tag> : value.toLocaleString('fr-FR');

const contactColumns: ListColumn<ContactListItem>[] = [
  {
    key: 'name',
    title: 'Nom',
    sortable: true,
    value: (contact) => `${personTitleLabels[contact.title]} ${contactName(contact)}`,
  },
  { key: 'company', title: 'Société', sortable: true, value: (contact) => contact.company?.name ?? '' },
  { key: 'jobTitle', title: 'Fonction', sortable: true, value: (contact) => contact.jobTitle ?? '' },
  {
    key: 'isActive',
    title: 'Statut',
    sortable: true,
    value: (contact) => (contact.isActive ? 'Actif' : 'En veille'),
    render: (contact) => (
      <Tag color={contact.isActive ? 'green' : 'default'}>{contact.isActive ? 'Actif' : 'En veille'}</Tag>
    ),
  },
];

type Reassigning = { what: string; ids: readonly number[] | (() => Promise<number[]>) };

// A member's contacts in the panel: tick some and give them to another member, or give them all.
function MemberPanel({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const [selected, setSelected] = useState<number[]>([]);
  const [reassigning, setReassigning] = useState<Reassigning | null>(null);
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <>
      <EntityPanel
        open
        title={`Contacts de ${name} (${member.trigram})`}
        onClose={onClose}
        actions={
          <>
            <Button
              disabled={selected.length === 0}
              onClick={() =>
                setReassigning({ what: `${selected.length} contact${selected.length > 1 ? 's' : ''}`, ids: selected })
              }
            >
              Réassigner la sélection
            </Button>
            <Button
              disabled={member.contacts === 0}
              onClick={() =>
                setReassigning({
                  what: `tous les contacts de ${member.trigram}`,
                  ids: () => memberContactIds(member.id),
                })
              }
            >
              Réassigner tous ses contacts
            </Button>
          </>
        }
        sections={[
          {
            key: 'contacts',
            label: 'Contacts',
            count: member.contacts,
            content: (
              <ListView
                label={`Contacts de ${member.trigram}`}
                columns={contactColumns}
                search={{ label: 'Rechercher', placeholder: 'Nom, email, société ou téléphone' }}
                defaultSort={{ key: 'name', order: 'asc' }}
                queryOptions={memberContactsQueryOptions(member.id)}
                rowKey={(contact) => contact.id}
                rowLabel={(contact) => contactName(contact)}
                selection={{ keys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
                countLabel={(total) => `${total.toLocaleString('fr-FR')} contact${total > 1 ? 's' : ''}`}
                emptyText="Aucun contact"
              />
            ),
          },
        ]}
      />
      {reassigning && (
        <ReassignContactsDialog
          open
          what={reassigning.what}
          ids={reassigning.ids}
          fromOwnerId={member.id}
          onClose={() => setReassigning(null)}
          onDone={() => setSelected([])}
        />
      )}
    </>
  );
}

// /equipe (businessLeader): each member's day in figures, their contacts to share out, their agenda.
export function TeamPage() {
  const team = useQuery(teamQueryOptions());
  const panel = usePanelParam('member');
  const member = team.data?.find((candidate) => candidate.id === panel.target);
  return (
    <PageFrame path="/equipe">
      {team.isError && <LoadFailed title="L’équipe n’a pas pu être chargée." onRetry={() => void team.refetch()} />}
      <DataTable<TeamMember>
        label="Membres de l’équipe"
        rowKey={(row) => row.id}
        loading={team.isPending}
        loadingText="Chargement…"
        rows={team.data ?? []}
        wide
        emptyText={team.isPending ? 'Chargement…' : <Empty description="Aucun membre dans votre équipe" />}
        columns={[
          { key: 'trigram', title: 'Trigramme' },
          {
            key: 'name',
            title: 'Nom',
            render: (row) =>
              `${personTitleLabels[row.title]} ${row.firstName} ${row.lastName}${row.isActive ? '' : ' (inactif)'}`,
          },
          { key: 'todosToday', title: 'Tâches du jour', align: 'right', render: (row) => figure(row.todosToday) },
          { key: 'todosLate', title: 'En retard', align: 'right', render: (row) => figure(row.todosLate, true) },
          { key: 'todosThisWeek', title: 'Cette semaine', align: 'right', render: (row) => figure(row.todosThisWeek) },
          {
            key: 'standbyContacts',
            title: 'Contacts en veille',
            align: 'right',
            render: (row) => figure(row.standbyContacts),
          },
          { key: 'contacts', title: 'Contacts', align: 'right', render: (row) => figure(row.contacts) },
          {
            key: 'actions',
            title: 'Actions',
            render: (row) => (
              <Space>
                <Button size="small" onClick={() => panel.show(row.id)} aria-label={`Contacts de ${row.trigram}`}>
                  Contacts
                </Button>
                <Link to={`/agenda?owner=${row.id}`} aria-label={`Agenda de ${row.trigram} (lecture seule)`}>
                  Agenda
                </Link>
              </Space>
            ),
          },
        ]}
      />
      {member && <MemberPanel member={member} onClose={panel.close} />}
    </PageFrame>
  );
}
