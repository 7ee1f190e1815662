import { createRoot } from 'react-dom/client';
import { BootError, Root } from './boot/root';
import { appNameOf, fetchConfigJson } from './boot/client-loader';

const root = createRoot(document.getElementById('root') as HTMLElement);

fetchConfigJson().then(
  (json) => {
    const appName = appNameOf(json);
    document.title = appName;
    root.render(<Root appName={appName} />);
  },
  (error: unknown) => root.render(<BootError error={error} />),
);
