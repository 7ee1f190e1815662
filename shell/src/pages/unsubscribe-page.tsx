import { callEndpoint, errorCodeOf, getClientConfig } from '@bo/client';
import { endpoints } from '@bo/contracts/notifications';
import { UNSUBSCRIBE_PARAM } from '@bo/contracts/rules';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';

// The daily digest's unsubscribe link (docs/notifications.md), opened without logging in: a button confirms, so that
// a mail scanner opening the link turns nothing off.
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get(UNSUBSCRIBE_PARAM) ?? '';
  const unsubscribe = useMutation({
    mutationFn: () => callEndpoint(endpoints.unsubscribeDigest, { params: { token } }),
  });
  const refused = unsubscribe.isError && errorCodeOf(unsubscribe.error) === 'modelNotFound';
  return (
    <main className="bo-public-page">
      <Card className="bo-public-page__card">
        <Typography.Title level={1} style={{ fontSize: 22 }}>
          Résumé quotidien par e-mail
        </Typography.Title>
        {unsubscribe.isSuccess ? (
          <Typography.Paragraph role="status">
            C’est fait : vous ne recevrez plus le résumé quotidien. Vous pouvez le réactiver dans{' '}
            <Link to="/mon-compte">Mon compte</Link>.
          </Typography.Paragraph>
        ) : token === '' || refused ? (
          <Typography.Paragraph role="alert">
            Ce lien de désabonnement n’est pas valide. Vous pouvez choisir vos résumés dans{' '}
            <Link to="/mon-compte">Mon compte</Link>.
          </Typography.Paragraph>
        ) : (
          <>
            <Typography.Paragraph>
              Ne plus recevoir le résumé quotidien de {getClientConfig().appName} par e-mail ?
            </Typography.Paragraph>
            {unsubscribe.isError && (
              <Typography.Paragraph type="danger" role="alert">
                Le désabonnement n’a pas pu être enregistré. Réessayez dans un instant.
              </Typography.Paragraph>
            )}
            <Button type="primary" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
              Me désabonner
            </Button>
          </>
        )}
      </Card>
    </main>
  );
}
