import { Button } from 'antd';
import { Result } from './result';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { getClientConfig } from '@bo/client';

function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${getClientConfig().appName}`;
  }, [title]);
}

function HomeButton() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate('/')}>
      Retour à l’accueil
    </Button>
  );
}

export function NotFoundPage() {
  useTitle('Page Non Trouvée');
  return (
    <Result
      status="404"
      title={<h1 className="bo-result-title">Page Non Trouvée</h1>}
      subTitle="Vous avez pris un mauvais chemin : la page demandée n’existe pas."
      extra={<HomeButton />}
    />
  );
}

export function ForbiddenPage() {
  useTitle('Accès interdit');
  return (
    <Result
      status="403"
      title={<h1 className="bo-result-title">Accès interdit</h1>}
      subTitle="Vos droits ne sont pas suffisants pas pour afficher cette page."
      extra={<HomeButton />}
    />
  );
}
