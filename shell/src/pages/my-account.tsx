import {
  callEndpoint,
  currentUserQueryOptions,
  logoutEverywhere,
  notifyError,
  notifySuccess,
  useCurrentUser,
  wirePassword,
} from '@bo/client';
import {
  endpoints,
  formatPhone,
  personTitleLabels,
  profilePayloadSchema,
  roleLabels,
  roleNames,
  type PasswordChangePayload,
  type ProfilePayload,
  type User,
  type UserSession,
} from '@bo/contracts';
import { PASSWORD_POLICY_TEXT, passwordChangeFormSchema } from '@bo/contracts/password-policy';
import { LoadFailed, PageFrame, useConfirm } from '@bo/ui';
import { PasswordField, TextField, showServerErrors, useZodForm } from '@bo/ui/form';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, List, Tag, Typography } from 'antd';
import { SettingsChoices } from '../layout/settings-panel';
import { NotificationPreferencesCard } from '../notifications/notification-preferences-card';
import { CalendarFeedCard } from './calendar-feed-card';

function ProfileCard({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (payload: ProfilePayload) => callEndpoint(endpoints.saveProfile, { params: payload }),
    onSuccess: (saved) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, saved);
      notifySuccess('Profil enregistré');
    },
  });
  const form = useZodForm(profilePayloadSchema, {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ? formatPhone(user.phone) : '',
  });
  const { control } = form;
  const onSubmit = form.handleSubmit((payload) =>
    save.mutate(payload, {
      onSuccess: () => form.reset(form.getValues()),
      onError: (error) => showServerErrors(error, form.setError, ['firstName', 'lastName', 'email', 'phone']),
    }),
  );
  return (
    <Card title="Profil" size="small" style={{ marginBottom: 16 }}>
      <form onSubmit={onSubmit} aria-label="Profil" noValidate>
        <div className="bo-form-grid">
          <TextField
            control={control}
            name="firstName"
            label="Prénom"
            required
            maxLength={100}
            autoComplete="given-name"
          />
          <TextField
            control={control}
            name="lastName"
            label="Nom"
            required
            maxLength={100}
            autoComplete="family-name"
          />
          <TextField control={control} name="email" label="Email" type="email" required autoComplete="email" />
          <TextField
            control={control}
            name="phone"
            label="Téléphone"
            type="tel"
            placeholder="0033 6 12 34 56 78"
            autoComplete="tel"
          />
        </div>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Enregistrer le profil
        </Button>
      </form>
    </Card>
  );
}

function PasswordCard({ user }: { user: User }) {
  const change = useMutation({
    mutationFn: async (payload: PasswordChangePayload) =>
      callEndpoint(endpoints.changePassword, {
        params: {
          currentPassword: await wirePassword(payload.currentPassword),
          newPassword: await wirePassword(payload.newPassword),
        },
      }),
    onSuccess: () => notifySuccess('Mot de passe modifié'),
  });
  const form = useZodForm(
    passwordChangeFormSchema({ trigram: user.trigram, firstName: user.firstName, lastName: user.lastName }),
    {
      currentPassword: '',
      newPassword: '',
      confirmation: '',
    },
  );
  const { control } = form;
  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => form.reset({ currentPassword: '', newPassword: '', confirmation: '' }),
        onError: (error) => showServerErrors(error, form.setError, ['currentPassword', 'newPassword']),
      },
    ),
  );
  return (
    <Card title="Mot de passe" size="small" style={{ marginBottom: 16 }}>
      <form onSubmit={onSubmit} aria-label="Changer le mot de passe" noValidate>
        {/* For the browser's password manager: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={user.trigram} readOnly hidden />
        <div className="bo-form-grid">
          <PasswordField
            control={control}
            name="currentPassword"
            label="Mot de passe actuel"
            autoComplete="current-password"
          />
          <div />
          <PasswordField
            control={control}
            name="newPassword"
            label="Nouveau mot de passe"
            autoComplete="new-password"
          />
          <PasswordField
            control={control}
            name="confirmation"
            label="Confirmation du nouveau mot de passe"
            autoComplete="new-password"
          />
        </div>
        <Typography.Paragraph type="secondary">{PASSWORD_POLICY_TEXT}</Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Changer le mot de passe
        </Button>
      </form>
    </Card>
  );
}

const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'sessions'],
    queryFn: ({ signal }) => callEndpoint(endpoints.sessions, { signal }),
  });

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

function SessionItem({ session }: { session: UserSession }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const end = useMutation({
    mutationFn: () => callEndpoint(endpoints.endSession, { path: { id: session.id }, params: {} }),
    onSuccess: () => notifySuccess('Session fermée'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
  const name = `${session.device}, ouverte le ${when(session.createdAt)}`;
  async function handleEnd() {
    const sure = await confirm({
      title: 'Fermer cette session ?',
      content: `${name} : il faudra s’y reconnecter.`,
      okText: 'Fermer la session',
      danger: true,
    });
    if (sure) end.mutate();
  }
  return (
    <List.Item
      aria-label={name}
      actions={
        session.current
          ? [
              <Tag key="current" color="blue">
                Cette session
              </Tag>,
            ]
          : [
              <Button
                key="end"
                size="small"
                loading={end.isPending}
                aria-label={`Fermer la session ${name}`}
                onClick={() => void handleEnd()}
              >
                Fermer
              </Button>,
            ]
      }
    >
      <List.Item.Meta
        title={session.device}
        description={`Ouverte le ${when(session.createdAt)} · dernière activité le ${when(session.lastSeenAt)}`}
      />
    </List.Item>
  );
}

function SessionsCard() {
  const confirm = useConfirm();
  const sessions = useQuery(sessionsQueryOptions());
  const end = useMutation({
    mutationFn: logoutEverywhere,
    meta: { silent: true },
    onError: (error) => notifyError(error),
  });
  async function handleLogoutEverywhere() {
    const sure = await confirm({
      title: 'Se déconnecter partout ?',
      content: 'Toutes vos sessions ouvertes, sur cet appareil comme sur les autres, seront fermées.',
      okText: 'Se déconnecter partout',
      danger: true,
    });
    if (sure) end.mutate();
  }
  return (
    <Card title="Sessions ouvertes" size="small">
      {sessions.isError ? (
        <LoadFailed title="Les sessions n’ont pas pu être chargées." onRetry={() => void sessions.refetch()} />
      ) : (
        <section aria-label="Sessions ouvertes">
          <List
            loading={sessions.isPending}
            dataSource={sessions.data ?? []}
            renderItem={(session) => <SessionItem session={session} />}
          />
        </section>
      )}
      <Typography.Paragraph style={{ marginTop: 12 }}>
        Un appareil perdu ou un poste partagé ? Fermez d’un coup toutes vos sessions ouvertes, ici comme ailleurs : il
        faudra vous reconnecter.
      </Typography.Paragraph>
      <Button danger loading={end.isPending} onClick={() => void handleLogoutEverywhere()}>
        Se déconnecter partout
      </Button>
    </Card>
  );
}

const settingsParts = [
  ['Affichage', 'layout'],
  ['Agenda', 'agenda'],
] as const;

function SettingsCard({ user }: { user: User }) {
  return (
    <Card title="Préférences" size="small" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        Enregistrées sur votre compte : elles vous suivent sur tout navigateur.
      </Typography.Paragraph>
      <div className="bo-form-grid">
        {settingsParts.map(([title, part]) => (
          <section key={part} aria-label={title}>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              {title}
            </Typography.Title>
            <SettingsChoices settings={user.settings} part={part} />
          </section>
        ))}
      </div>
    </Card>
  );
}

// /mon-compte: who I am, my profile, my password, my settings, my calendar feed, and my open sessions.
export function MyAccountPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <PageFrame path="/mon-compte">
      <Descriptions
        bordered
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'trigram', label: 'Trigramme', children: user.trigram },
          {
            key: 'name',
            label: 'Nom',
            children: `${personTitleLabels[user.title]} ${user.firstName} ${user.lastName}`,
          },
          {
            key: 'roles',
            label: 'Rôles',
            children: roleNames
              .filter((name) => user.role[name])
              .map((name) => roleLabels[name])
              .join(', '),
          },
        ]}
      />
      <ProfileCard key={`${user.id}-${user.email}`} user={user} />
      <PasswordCard user={user} />
      <SettingsCard user={user} />
      <NotificationPreferencesCard />
      <CalendarFeedCard />
      <SessionsCard />
    </PageFrame>
  );
}
