// npm start: compiles the API (every time: about a second, and never a stale bundle), builds the front end's apps
// that are not built, starts the API (creating and seeding the embedded database on first run) and serves the
// shell and every remote on its own origin, as if deployed apart.
import path from 'node:path';
import { buildFront, root } from './build';
import { buildApi } from './build-api';
import { defaultDeployRoot } from './deploy-root';
import { envPort } from './env-number';
import { startSystem } from './system';

await buildApi();
buildFront();
const system = await startSystem({
  shellPort: envPort('SHELL_PORT', 3000),
  remotePortBase: envPort('REMOTE_PORT_BASE', 3001),
  apiPort: envPort('API_PORT', 4000),
  dataDir: path.resolve(root, process.env.DATA_ROOT ?? 'data'),
  deployRoot: defaultDeployRoot(root),
  databaseUrl: process.env.DATABASE_URL || undefined,
  appName: process.env.APP_NAME,
});

console.log(`
Back office prêt : ${system.shellUrl}
API : ${system.api.url} (documentation : ${system.api.url}/docs)
Résumés quotidiens par e-mail : gardés dans ${path.relative(root, system.mailDir)}/ (serveur SMTP local ${system.mail.url})
Modules : ${Object.entries(system.remotes)
  .map(([name, server]) => `${name} ${server.url}`)
  .join(', ')}

Comptes de démonstration (mot de passe : Bienvenue-2026)
  ADM  administrateur
  DIR  responsable commercial (équipe : COM, REC)
  COM  équipe commerciale
  REC  équipe recrutement
`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void system.stop().then(() => process.exit(0));
  });
}
