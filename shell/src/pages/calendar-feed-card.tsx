import { callEndpoint, notifySuccess } from '@bo/client';
import { endpoints } from '@bo/contracts';
import { LoadFailed, useConfirm } from '@bo/ui';
import { FieldFrame } from '@bo/ui/form';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Space, Spin, Typography } from 'antd';
import { useId, useRef } from 'react';

const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'calendar-feed'],
    queryFn: ({ signal }) => callEndpoint(endpoints.calendarFeed, { signal }),
  });

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' });

// The address, read-only, and its copy button. The clipboard may be refused (a page not served over HTTPS): the
// address is then selected for Ctrl+C.
function FeedAddress({ url }: { url: string }) {
  const id = `feed-url-${useId().replace(/:/g, '')}`;
  const field = useRef<HTMLInputElement>(null);
  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess('Adresse copiée');
    } catch {
      field.current?.select();
      notifySuccess('Adresse sélectionnée : copiez-la avec Ctrl+C');
    }
  }
  return (
    <FieldFrame id={id} label="Adresse de l’abonnement">
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          ref={(input) => void (field.current = input?.input ?? null)}
          value={url}
          readOnly
          onFocus={(event) => event.target.select()}
        />
        <Button onClick={() => void handleCopy()}>Copier</Button>
      </Space.Compact>
    </FieldFrame>
  );
}

function HowToSubscribe() {
  return (
    <section aria-label="S’abonner">
      <Typography.Paragraph strong style={{ marginBottom: 4 }}>
        Dans Outlook
      </Typography.Paragraph>
      <ol>
        <li>Ouvrez le Calendrier, puis « Ajouter un calendrier ».</li>
        <li>Choisissez « S’abonner à partir du web » (ou « À partir d’Internet »).</li>
        <li>Collez l’adresse, donnez un nom à l’agenda, puis « Importer ».</li>
      </ol>
      <Typography.Paragraph strong style={{ marginBottom: 4 }}>
        Dans Google Agenda (sur ordinateur)
      </Typography.Paragraph>
      <ol>
        <li>À côté de « Autres agendas », cliquez sur « + », puis « À partir de l’URL ».</li>
        <li>Collez l’adresse, puis « Ajouter un agenda ».</li>
      </ol>
      <Typography.Paragraph type="secondary">
        L’agenda abonné se met à jour de lui-même, avec quelques heures de délai selon le logiciel ; il ne se modifie
        pas depuis Outlook ou Google.
      </Typography.Paragraph>
    </section>
  );
}

// The private calendar feed: on, its address (shown once, when made), how to subscribe, a new address, off.
export function CalendarFeedCard() {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const state = useQuery(calendarFeedQueryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: calendarFeedQueryOptions().queryKey });
  const create = useMutation({
    mutationFn: () => callEndpoint(endpoints.createCalendarFeed, { params: {} }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: () => callEndpoint(endpoints.deleteCalendarFeed, { params: {} }),
    onSuccess: () => {
      create.reset();
      notifySuccess('Abonnement désactivé');
    },
    onSettled: refresh,
  });

  async function handleRenew() {
    const sure = await confirm({
      title: 'Créer une nouvelle adresse ?',
      content:
        'L’adresse actuelle cessera aussitôt de fonctionner : chaque agenda abonné devra l’être à nouveau, avec la nouvelle.',
      okText: 'Créer une nouvelle adresse',
      danger: true,
    });
    if (sure) create.mutate(undefined, { onSuccess: () => notifySuccess('Nouvelle adresse créée') });
  }
  async function handleTurnOff() {
    const sure = await confirm({
      title: 'Désactiver l’abonnement ?',
      content: 'Son adresse cessera aussitôt de fonctionner : les agendas abonnés ne recevront plus vos tâches.',
      okText: 'Désactiver',
      danger: true,
    });
    if (sure) remove.mutate();
  }

  const url = create.data?.url;
  const feed = state.data;
  let body;
  if (state.isError) {
    body = <LoadFailed title="L’état de l’abonnement n’a pas pu être chargé." onRetry={() => void state.refetch()} />;
  } else if (!feed) {
    body = <Spin description="Chargement…" />;
  } else if (!feed.enabled) {
    body = (
      <>
        <Typography.Paragraph>
          Voyez vos tâches dans Outlook, Google Agenda ou l’agenda de votre téléphone : une adresse privée, à laquelle
          votre logiciel d’agenda s’abonne. Quiconque la connaît lit vos tâches : ne la partagez pas.
        </Typography.Paragraph>
        <Button type="primary" loading={create.isPending} onClick={() => create.mutate()}>
          Activer l’abonnement
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <Typography.Paragraph>
          Abonnement actif{feed.createdAt ? ` depuis le ${dateTime.format(new Date(feed.createdAt))}` : ''}.
        </Typography.Paragraph>
        {url ? (
          <>
            <FeedAddress url={url} />
            <HowToSubscribe />
          </>
        ) : (
          <Typography.Paragraph type="secondary">
            Par sécurité, l’adresse n’est montrée qu’à sa création. Pour abonner un autre agenda, créez une nouvelle
            adresse : l’ancienne cessera de fonctionner.
          </Typography.Paragraph>
        )}
        <Space wrap>
          <Button loading={create.isPending} onClick={() => void handleRenew()}>
            Créer une nouvelle adresse
          </Button>
          <Button danger loading={remove.isPending} onClick={() => void handleTurnOff()}>
            Désactiver l’abonnement
          </Button>
        </Space>
      </>
    );
  }
  return (
    <Card title="Mes tâches dans mon agenda (Outlook, Google)" size="small" style={{ marginBottom: 16 }}>
      <section aria-label="Abonnement à mes tâches">{body}</section>
    </Card>
  );
}
