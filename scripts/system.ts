// Starts the whole product as it is deployed: the API, the shell and each remote on its own origin.
// Used by `npm start`, by the browser tests and by the benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ClientConfig } from '@bo/contracts';
import { apiBundle, apiCommand } from '../api/src/node-flags';
import { STOP_DEADLINE_MS } from '../api/src/stop-deadline';
import { root } from './build';
import { deployBuilt, readRegistry, remoteDirs, type RemoteKey } from './deploy-root';
import { startLocalSmtp, type LocalSmtp } from './local-smtp';
import { remoteHeaders, shellHeaders } from './security-headers';
import { startStaticServer, type RunningServer } from './static-server';

export { remoteDirs, type RemoteKey };

export type SystemOptions = {
  shellPort: number;
  remotePortBase: number;
  apiPort: number;
  dataDir: string;
  // Where the remotes' versions are served from (default: deploy/ in the data folder); `npm run deploy` writes there.
  deployRoot?: string;
  databaseUrl?: string;
  appName?: string;
  chunkLoadTimeoutMs?: number;
  // The end of a session not kept and its warning (config.json; 15 minutes and 1 minute unless given).
  sessionAutoClearMs?: number;
  sessionWarningMs?: number;
  // How often the API checks its notification rounds (NOTIFICATION_ROUND_MS; a minute unless given).
  notificationRoundMs?: number;
  quiet?: boolean;
};

// The login key pair (its public half is `key` in config.json): created once, beside the data.
export function ensureLoginKeys(dataDir: string) {
  const dir = path.join(dataDir, 'keys');
  const privateFile = path.join(dir, 'login-private.pem');
  const publicFile = path.join(dir, 'login-public.pem');
  if (!existsSync(privateFile) || !existsSync(publicFile)) {
    mkdirSync(dir, { recursive: true });
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    writeFileSync(privateFile, privateKey, { mode: 0o600 });
    writeFileSync(publicFile, publicKey);
  }
  return { privateFile, publicKey: readFileSync(publicFile, 'utf8') };
}

// Until the instance says it is ready (its database reached). The answer is read whole: an answer left unread keeps
// its connection busy, and the instance's graceful stop would wait for it.
async function waitUntilReady(url: string, timeoutMs: number, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`Le serveur API s'est arrêté (code ${child.exitCode}).`);
    try {
      const answer = await fetch(url);
      await answer.arrayBuffer();
      if (answer.ok) return;
      throw new Error(`${url}: ${answer.status}`);
    } catch {
      if (Date.now() > deadline) throw new Error(`Pas de réponse de ${url} après ${timeoutMs} ms.`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export type ApiProcess = { url: string; stop: () => Promise<void>; start: () => Promise<void> };

// One API instance on a local port. `shellOrigin` null: the front end is on the API's own origin (production mode
// behind nginx), so no other origin may call it (CORS_ORIGINS=none); `env` adds to the instance's environment.
export function apiProcess(
  options: Pick<SystemOptions, 'apiPort' | 'dataDir' | 'databaseUrl' | 'quiet'>,
  privateKeyFile: string,
  shellOrigin: string | null,
  extraEnv: NodeJS.ProcessEnv = {},
): ApiProcess {
  const url = `http://localhost:${options.apiPort}`;
  let child: ChildProcess | null = null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    API_PORT: String(options.apiPort),
    API_HOST: '127.0.0.1',
    DATA_DIR: path.join(options.dataDir, 'pglite'),
    LOGIN_PRIVATE_KEY_FILE: privateKeyFile,
    ...extraEnv,
  };
  env.CORS_ORIGINS = shellOrigin ?? 'none';
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  return {
    url,
    async start() {
      // The compiled API (npm run build, or npm start, which compiles it every time).
      if (!existsSync(apiBundle())) throw new Error("L'API n'est pas compilée : lancez npm run build.");
      child = spawn(process.execPath, apiCommand(), {
        cwd: root,
        env,
        stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit'],
      });
      await waitUntilReady(`${url}/ready`, 120_000, child);
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        // The API ends itself within its stop deadline of SIGTERM; if it does not, it is killed.
        const killer = setTimeout(() => running.kill('SIGKILL'), STOP_DEADLINE_MS + 2_000);
        running.once('exit', () => {
          clearTimeout(killer);
          resolve();
        });
        running.kill('SIGTERM');
      });
    },
  };
}

// config.json, the same in both modes (docs/configuration.md).
export function clientConfig(
  options: Pick<SystemOptions, 'appName' | 'chunkLoadTimeoutMs' | 'sessionAutoClearMs' | 'sessionWarningMs'>,
  apiUrl: string,
  publicKey: string,
): ClientConfig {
  return {
    appName: options.appName ?? 'Back office',
    apiUrl,
    key: publicKey,
    defaultUrl: '/agenda',
    chunkLoadTimeoutMs: options.chunkLoadTimeoutMs ?? 120_000,
    sessionAutoClearMs: options.sessionAutoClearMs ?? 900_000,
    sessionWarningMs: options.sessionWarningMs ?? 60_000,
  };
}

export type RunningSystem = {
  shellUrl: string;
  // The local SMTP server the daily digests go to (docs/notifications.md); each kept as an .eml file in `mailDir`.
  mail: LocalSmtp;
  mailDir: string;
  deployRoot: string;
  api: ApiProcess;
  shell: RunningServer;
  remotes: Record<RemoteKey, RunningServer>;
  restartRemote: (name: RemoteKey) => Promise<void>;
  stop: () => Promise<void>;
};

export async function startSystem(options: SystemOptions): Promise<RunningSystem> {
  const { privateFile, publicKey } = ensureLoginKeys(options.dataDir);
  const shellUrl = `http://localhost:${options.shellPort}`;
  const mailDir = path.join(options.dataDir, 'mail');
  const mail = await startLocalSmtp({ saveDir: mailDir });
  const api = apiProcess(options, privateFile, shellUrl, {
    SMTP_URL: mail.url,
    APP_URL: shellUrl,
    ...(options.notificationRoundMs === undefined
      ? {}
      : { NOTIFICATION_ROUND_MS: String(options.notificationRoundMs) }),
  });
  await api.start();

  // Each remote keeps its own origin, which serves every version kept of it; the live one is read from the deploy
  // root's registry on each request, so a deploy or a rollback shows on the next reload, with no restart.
  const deployRoot = options.deployRoot ?? path.join(options.dataDir, 'deploy');
  deployBuilt(root, deployRoot);
  const remotes = {} as Record<RemoteKey, RunningServer>;
  const remotePort = (name: RemoteKey) => options.remotePortBase + Object.keys(remoteDirs).indexOf(name);
  const remoteOrigin = (name: RemoteKey) => `http://localhost:${remotePort(name)}`;
  const serveRemote = (name: RemoteKey) =>
    startStaticServer({ dirs: [path.join(deployRoot, name)], port: remotePort(name), headers: remoteHeaders() });
  for (const name of Object.keys(remoteDirs) as RemoteKey[]) remotes[name] = await serveRemote(name);

  const registry = () =>
    Object.fromEntries(
      Object.entries(readRegistry(deployRoot)).map(([name, manifest]) => [
        name,
        `${remoteOrigin(name as RemoteKey)}/${manifest.split('/').slice(1).join('/')}`,
      ]),
    );
  const shell = await startStaticServer({
    dirs: [path.join(root, 'shell', 'dist'), path.join(root, 'shell', 'public')],
    port: options.shellPort,
    spaFallback: '/index.html',
    headers: shellHeaders({ remotes: (Object.keys(remoteDirs) as RemoteKey[]).map(remoteOrigin), api: api.url }),
    generated: {
      '/config.json': clientConfig(options, api.url, publicKey),
      '/remotes.json': registry,
    },
  });

  return {
    shellUrl,
    mail,
    mailDir,
    deployRoot,
    api,
    shell,
    remotes,
    async restartRemote(name) {
      remotes[name] = await serveRemote(name);
    },
    async stop() {
      await Promise.all([shell.close(), ...Object.values(remotes).map((r) => r.close()), api.stop()]);
      await mail.close();
    },
  };
}
