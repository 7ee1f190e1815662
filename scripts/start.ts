// npm start: compiles the API (every time: about a second, and never a stale bundle), builds the front end's apps
// that are not built, starts the API (creating and seeding the embedded database on first run) and serves the
// shell and every remote on its own origin, as if deployed apart.
import path from 'node:path';
import { buildFront, root } from './build';
import { buildApi } from './build-api';
import { defaultDeployRoot } from './deploy-root';
import { startSystem } from './system';

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    console.error(`${name} doit être un numéro de port (1-65535), reçu « ${raw} ».`);
    process.exit(1);
  }
  return value;
}

await buildApi();
buildFront();
const system = await startSystem({
  shellPort: port('SHELL_PORT', 3000),
  remotePortBase: port('REMOTE_PORT_BASE', 3001),
  apiPort: port('API_PORT', 4000),
  dataDir: path.resolve(root, process.env.DATA_ROOT ?? 'data'),
  deployRoot: defaultDeployRoot(root),
  databaseUrl: process.env.DATABASE_URL || undefined,
  appName: process.env.APP_NAME,
});

console.log(`
Back office prêt : ${system.shellUrl}
API : ${system.api.url} (documentation : ${system.api.url}/docs)
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
