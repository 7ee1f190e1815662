import { callEndpoint, notifyError, notifySuccess } from '@bo/client';
import {
  endpoints,
  notificationKindLabels,
  notificationKinds,
  type NotificationPreferences,
} from '@bo/contracts/notifications';
import { LoadFailed } from '@bo/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Select, Spin, Switch, Typography } from 'antd';
import { useState } from 'react';
import { notificationPreferencesQueryOptions } from './notification-queries';

const hours = Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: `${hour} h` }));
const NO_DIGEST = -1;

// /mon-compte's choices of notifications (docs/notifications.md): which kinds, the daily digest's hour, the browser's
// own notifications.
export function NotificationPreferencesCard() {
  const stored = useQuery(notificationPreferencesQueryOptions());
  return (
    <Card title="Notifications" size="small" style={{ marginBottom: 16 }}>
      {stored.isPending ? (
        <Spin tip="Chargement des préférences…">
          <div style={{ minHeight: 60 }} />
        </Spin>
      ) : stored.isError ? (
        <LoadFailed title="Les préférences n’ont pas pu être chargées." onRetry={() => void stored.refetch()} />
      ) : (
        <PreferencesForm stored={stored.data} />
      )}
    </Card>
  );
}

function PreferencesForm({ stored }: { stored: NotificationPreferences }) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState(stored);
  const [browserRefused, setBrowserRefused] = useState(false);
  const save = useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      callEndpoint(endpoints.saveNotificationPreferences, { params: preferences }),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, saved);
      setChoice(saved);
      notifySuccess('Préférences de notification enregistrées');
    },
    onError: (error) => notifyError(error),
  });
  const supported = typeof window.Notification === 'function';
  const setBrowser = async (on: boolean) => {
    setBrowserRefused(false);
    if (on && supported && window.Notification.permission !== 'granted') {
      const permission = await window.Notification.requestPermission();
      if (permission !== 'granted') {
        setBrowserRefused(true);
        return;
      }
    }
    setChoice((current) => ({ ...current, browser: on }));
  };
  const changed = JSON.stringify(choice) !== JSON.stringify(stored);
  return (
    <form
      aria-label="Préférences de notification"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(choice);
      }}
    >
      <fieldset className="bo-fieldset">
        <legend>Me notifier de</legend>
        {notificationKinds.map((kind) => (
          <div key={kind}>
            <Checkbox
              checked={choice.kinds[kind]}
              onChange={(event) =>
                setChoice((current) => ({ ...current, kinds: { ...current.kinds, [kind]: event.target.checked } }))
              }
            >
              {notificationKindLabels[kind]}
            </Checkbox>
          </div>
        ))}
      </fieldset>
      <div className="bo-form-grid">
        <label className="bo-inline-field">
          <span>Résumé quotidien par e-mail</span>
          <Select
            aria-label="Résumé quotidien par e-mail"
            value={choice.digestHour ?? NO_DIGEST}
            options={[{ value: NO_DIGEST, label: 'Aucun' }, ...hours]}
            onChange={(value: number) =>
              setChoice((current) => ({ ...current, digestHour: value === NO_DIGEST ? null : value }))
            }
            style={{ width: 140 }}
          />
        </label>
        <label className="bo-inline-field">
          <Switch
            aria-label="Notifications du navigateur"
            checked={choice.browser}
            disabled={!supported}
            onChange={(on) => void setBrowser(on)}
          />
          <span>Notifications du navigateur</span>
        </label>
      </div>
      {!supported && (
        <Typography.Paragraph type="secondary">Ce navigateur n’affiche pas de notifications.</Typography.Paragraph>
      )}
      {browserRefused && (
        <Typography.Paragraph type="danger" role="alert">
          Le navigateur refuse les notifications de ce site : autorisez-les dans ses réglages, puis réessayez.
        </Typography.Paragraph>
      )}
      <Button type="primary" htmlType="submit" disabled={!changed} loading={save.isPending}>
        Enregistrer les notifications
      </Button>
    </form>
  );
}
