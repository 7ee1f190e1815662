import { loadClientConfig } from '@bo/client';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadRemoteRegistry } from './routing/remote-loader';

dayjs.locale('fr');

const root = createRoot(document.getElementById('root') as HTMLElement);

async function start() {
  try {
    const [config] = await Promise.all([loadClientConfig(), loadRemoteRegistry()]);
    document.title = config.appName;
    root.render(<App />);
  } catch (error) {
    root.render(
      <main className="bo-boot-error" role="alert">
        <h1>Application indisponible</h1>
        <p>La configuration de l’application n’a pas pu être chargée. Merci de réessayer dans un instant.</p>
        <p className="bo-boot-error__detail">{error instanceof Error ? error.message : String(error)}</p>
        <button type="button" onClick={() => window.location.reload()}>
          Réessayer
        </button>
      </main>,
    );
  }
}

void start();
