import { useCurrentUser } from '@bo/client';
import {
  formatPhone,
  PASSWORD_POLICY_TEXT,
  personTitleLabels,
  personTitles,
  roleLabels,
  roleNames,
  userFormSchema,
  type AdminUser,
} from '@bo/contracts/records';
import { CheckboxField, PasswordField, SelectField, SwitchField, TextField } from '@bo/ui/form';
import {
  EntityPanel,
  historySection,
  ReassignContactsDialog,
  ownerContactIds,
  useRecordForm,
  type PanelParam,
  type PanelSection,
} from '@bo/ui/records';
import { Alert, Button, Empty, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { adminUserKeys, fetchUserHistory, useRefreshUsers, useStoreUser } from '../api/users';
import { MoveTeamDialog } from './move-team-dialog';
import { formatLastLogin } from './format-last-login';

const formFields = [
  'trigram',
  'title',
  'firstName',
  'lastName',
  'email',
  'phone',
  'role',
  'leaderId',
  'isActive',
  'password',
] as const;

// The French name of each field a history entry names (the role flags one by one).
const historyLabels: Record<string, string> = {
  trigram: 'Trigramme',
  title: 'Civilité',
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'Email',
  phone: 'Téléphone',
  ...roleLabels,
  leaderId: 'Responsable',
  isActive: 'Compte actif',
  password: 'Mot de passe',
};

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('fr-FR')} ${count > 1 ? many : one}`;

function UserForm({ user, users, panel }: { user: AdminUser | null; users: AdminUser[]; panel: PanelParam }) {
  const { data: me } = useCurrentUser();
  const store = useStoreUser(user?.id ?? null);
  const refreshUsers = useRefreshUsers();
  const [reassigning, setReassigning] = useState(false);
  const [movingTeam, setMovingTeam] = useState(false);
  const { form, panelForm } = useRecordForm({
    schema: userFormSchema(user === null),
    defaultValues: {
      trigram: user?.trigram ?? '',
      title: user?.title ?? 'madam',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      phone: user?.phone ? formatPhone(user.phone) : '',
      role: user
        ? { ...user.role }
        : { admin: false, businessLeader: false, businessTeam: true, recruitmentTeam: false },
      leaderId: user?.leaderId ?? null,
      isActive: user?.isActive ?? true,
      password: '',
    },
    fields: formFields,
    record: user,
    panel,
    save: (payload, _version, callbacks) => store.mutate(payload, callbacks),
    submitting: store.isPending,
    // The password typed is not kept once saved.
    savedValues: (_saved, sent) => ({ ...sent, password: '' }),
  });
  const { control } = form;
  const isActive = useWatch({ control, name: 'isActive' });
  const isSelf = user !== null && me?.id === user.id;
  const leaders = users
    .filter(
      (candidate) =>
        candidate.role.businessLeader &&
        candidate.id !== user?.id &&
        (candidate.isActive || candidate.id === user?.leaderId),
    )
    .map((leader) => ({
      value: leader.id,
      label: `${leader.trigram} – ${leader.firstName} ${leader.lastName}${leader.isActive ? '' : ' (inactif)'}`,
    }));
  const members = user ? users.filter((candidate) => candidate.leaderId === user.id) : [];
  // What stands in the way of a deactivation, offered to be dealt with here first.
  const leaving = user !== null && user.isActive && isActive === false;
  const blockers = user !== null && (user.contactCount > 0 || user.teamMemberCount > 0);

  const handover = user && (
    <Space wrap>
      <Button disabled={user.contactCount === 0} onClick={() => setReassigning(true)}>
        {`Réassigner ses contacts (${user.contactCount})`}
      </Button>
      <Button disabled={members.length === 0} onClick={() => setMovingTeam(true)}>
        {`Changer le responsable de son équipe (${members.length})`}
      </Button>
    </Space>
  );

  const sections: PanelSection[] = user
    ? [
        {
          key: 'team',
          label: 'Contacts et équipe',
          count: members.length,
          content: (
            <>
              <Typography.Paragraph>{`${user.trigram} est propriétaire de ${plural(user.contactCount, 'contact', 'contacts')}.`}</Typography.Paragraph>
              <div style={{ marginBottom: 12 }}>{handover}</div>
              <section aria-label={`Membres de l’équipe de ${user.trigram}`}>
                <List
                  dataSource={members}
                  locale={{ emptyText: <Empty description="Aucun membre d’équipe" /> }}
                  renderItem={(member) => (
                    <List.Item
                      actions={[
                        <Tag key="status" color={member.isActive ? 'green' : 'default'}>
                          {member.isActive ? 'Actif' : 'Inactif'}
                        </Tag>,
                      ]}
                    >
                      <List.Item.Meta
                        title={
                          <Button type="link" style={{ padding: 0 }} onClick={() => panel.show(member.id)}>
                            {`${member.trigram} – ${member.firstName} ${member.lastName}`}
                          </Button>
                        }
                      />
                    </List.Item>
                  )}
                />
              </section>
            </>
          ),
        },
        historySection({
          label: `Historique de ${user.trigram}`,
          queryKey: adminUserKeys.history(user.id),
          fetchPage: fetchUserHistory(user.id),
          fieldLabels: historyLabels,
          formatValue: (field, value) =>
            field === 'password' ? (value === 'changed' ? 'nouveau' : 'ancien') : undefined,
        }),
      ]
    : [];

  return (
    <>
      <EntityPanel
        open
        title={user ? `Utilisateur : ${user.trigram} – ${user.firstName} ${user.lastName}` : 'Nouvel utilisateur'}
        onClose={panel.close}
        sections={sections}
        form={{
          ...panelForm,
          submitLabel: user ? 'Enregistrer' : 'Créer l’utilisateur',
          content: (
            <>
              {user && (
                <Typography.Paragraph type="secondary">{`Dernière connexion : ${formatLastLogin(user)}`}</Typography.Paragraph>
              )}
              {leaving && blockers && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginBottom: 16 }}
                  title="Avant de désactiver ce compte"
                  description={
                    <>
                      <p>{`Ses ${plural(user.contactCount, 'contact', 'contacts')} et ${plural(user.teamMemberCount, 'membre d’équipe actif', 'membres d’équipe actifs')} doivent d’abord passer à quelqu’un d’autre.`}</p>
                      {handover}
                    </>
                  }
                />
              )}
              <div className="bo-form-grid">
                <TextField
                  control={control}
                  name="trigram"
                  label="Trigramme"
                  required
                  maxLength={3}
                  autoComplete="off"
                />
                <SelectField
                  control={control}
                  name="title"
                  label="Civilité"
                  required
                  options={personTitles.map((title) => ({ value: title, label: personTitleLabels[title] }))}
                />
                <TextField control={control} name="firstName" label="Prénom" required maxLength={100} />
                <TextField control={control} name="lastName" label="Nom" required maxLength={100} />
                <TextField control={control} name="email" label="Email" type="email" required />
                <TextField
                  control={control}
                  name="phone"
                  label="Téléphone"
                  type="tel"
                  placeholder="0033 6 12 34 56 78"
                />
                <fieldset className="bo-field" style={{ border: 0, padding: 0, margin: 0 }}>
                  <legend className="bo-field__label">Rôles</legend>
                  <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 12 }}>
                    {roleNames.map((name) => (
                      <CheckboxField
                        key={name}
                        control={control}
                        name={`role.${name}`}
                        label={roleLabels[name]}
                        disabled={isSelf && name === 'admin'}
                      />
                    ))}
                  </div>
                </fieldset>
                <SelectField
                  control={control}
                  name="leaderId"
                  label="Responsable (équipe)"
                  options={leaders}
                  placeholder="Aucun"
                  allowClear
                  searchable
                />
                {user && (
                  <SwitchField
                    control={control}
                    name="isActive"
                    label="Compte actif"
                    onLabel="Actif"
                    offLabel="Inactif"
                    disabled={isSelf}
                  />
                )}
                <div>
                  <PasswordField
                    control={control}
                    name="password"
                    label={user ? 'Nouveau mot de passe (laisser vide pour le garder)' : 'Mot de passe initial'}
                    required={!user}
                    autoComplete="new-password"
                  />
                  <Typography.Text type="secondary" style={{ display: 'block', marginTop: -12, marginBottom: 16 }}>
                    {PASSWORD_POLICY_TEXT}
                  </Typography.Text>
                </div>
              </div>
            </>
          ),
        }}
      />
      {user && reassigning && (
        <ReassignContactsDialog
          open
          what={`les ${plural(user.contactCount, 'contact', 'contacts')} de ${user.trigram}`}
          ids={() => ownerContactIds(user.id, 'all')}
          fromOwnerId={user.id}
          onClose={() => setReassigning(false)}
          onDone={() => void refreshUsers()}
        />
      )}
      {user && movingTeam && <MoveTeamDialog open leader={user} users={users} onClose={() => setMovingTeam(false)} />}
    </>
  );
}

// The panel of /liste-utilisateurs: a new user (`?user=new`) or one user (`?user=7`), from the list already loaded.
export function UserPanel({
  panel,
  users,
  loading,
}: {
  panel: PanelParam;
  users: AdminUser[] | undefined;
  loading: boolean;
}) {
  if (panel.target === null) return null;
  if (panel.target === 'new') return <UserForm key="new" user={null} users={users ?? []} panel={panel} />;
  const user = users?.find((candidate) => candidate.id === panel.target);
  if (!user) return <EntityPanel open title="Utilisateur" onClose={panel.close} loading={loading} error={!loading} />;
  return <UserForm key={user.id} user={user} users={users ?? []} panel={panel} />;
}
