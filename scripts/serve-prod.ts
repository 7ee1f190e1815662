// npm run serve:prod: the product as an IT team runs it (docs/production.md). API_INSTANCES instances of the
// API on PostgreSQL behind Debian's nginx, one HTTPS origin for the shell, the remotes' deployed versions and the
// API; Ctrl-C or SIGTERM stops nginx, then the instances; SIGUSR2 restarts the instances one at a time (a new
// version of the API, a new setting), losing no request.
import path from 'node:path';
import { buildFront, root } from './build';
import { buildApi } from './build-api';
import { defaultDeployRoot } from './deploy-root';
import { envInteger, envPort } from './env-number';
import { startProduction } from './production/production-system';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error(
    'DATABASE_URL doit désigner la base PostgreSQL (postgres://…) : plusieurs instances de l’API la partagent.',
  );
  process.exit(1);
}
const httpPort = process.env.HTTP_PORT === '0' ? null : envPort('HTTP_PORT', 8080);

await buildApi();
buildFront();
const system = await startProduction({
  dataDir: path.resolve(root, process.env.DATA_ROOT ?? 'data'),
  deployRoot: defaultDeployRoot(root),
  databaseUrl,
  instances: envInteger('API_INSTANCES', 2, 1, 32, 'un nombre d’instances'),
  apiPortBase: envPort('API_PORT_BASE', 4001),
  port: envPort('HTTPS_PORT', 8443),
  tls: {
    certificateFile: process.env.TLS_CERT_FILE || undefined,
    keyFile: process.env.TLS_KEY_FILE || undefined,
    redirectFrom: httpPort,
  },
  appName: process.env.APP_NAME,
});

console.log(`
Back office prêt : ${system.url}${httpPort === null ? '' : ` (http://localhost:${httpPort} y renvoie)`}
API : ${system.url}/api, ${system.instances.length} instances (${system.instances.map((instance) => instance.url).join(', ')})
Configuration nginx : ${system.nginx.configFile}
Redémarrage des instances une à une : kill -USR2 ${process.pid}
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void system.stop().then(() => process.exit(0));
  });
}

// A rolling restart: each instance in turn leaves nginx's rotation, stops, starts again with the environment of
// this command, and is back in the rotation before the next one goes.
let restarting = false;
process.on('SIGUSR2', () => {
  if (restarting || stopping) return;
  restarting = true;
  void (async () => {
    for (const index of system.instances.keys()) {
      await system.restartInstance(index);
      console.log(`Instance ${index + 1} redémarrée (${system.instances[index].url}).`);
    }
  })()
    .catch((error: unknown) => console.error('Le redémarrage des instances a échoué :', error))
    .finally(() => {
      restarting = false;
    });
});
