// Production mode: the API's instances on local ports and nginx in front of them, one origin for everything
// (docs/production.md). Used by `npm run serve:prod`, its browser test and the rolling-restart benchmark.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../build';
import { deployBuilt } from '../deploy-root';
import { apiProcess, clientConfig, ensureLoginKeys, type ApiProcess, type SystemOptions } from '../system';
import { ensureCertificate } from './certificate';
import { ORIGIN_MARK } from './nginx-config';
import { startNginx, workerUser, type RunningNginx } from './nginx-process';

export type ProductionOptions = Pick<
  SystemOptions,
  'appName' | 'chunkLoadTimeoutMs' | 'sessionAutoClearMs' | 'sessionWarningMs' | 'quiet'
> & {
  dataDir: string;
  deployRoot: string;
  databaseUrl: string;
  instances: number;
  apiPortBase: number;
  // The one public port: HTTPS, or plain HTTP when `tls` is null (the benchmark).
  port: number;
  tls: { certificateFile?: string; keyFile?: string; redirectFrom: number | null } | null;
  // Added to every instance's environment.
  apiEnv?: NodeJS.ProcessEnv;
  // false: the front ends' builds are not copied to the deploy root (the benchmark reaches the API alone).
  deployBuilds?: boolean;
};

export type ProductionSystem = {
  url: string;
  // The login key's public half (config.json's `key`): a program logging in encrypts the password with it.
  publicKey: string;
  deployRoot: string;
  instances: ApiProcess[];
  nginx: RunningNginx;
  // One step of a rolling restart (docs/production.md): the instance leaves nginx's rotation (the requests nginx had
  // sent it are answered first), gets SIGTERM, starts again, and is back in the rotation once ready.
  restartInstance: (index: number) => Promise<void>;
  stop: () => Promise<void>;
};

export async function startProduction(options: ProductionOptions): Promise<ProductionSystem> {
  const { privateFile, publicKey } = ensureLoginKeys(options.dataDir);
  const prefix = path.join(options.dataDir, 'nginx');
  mkdirSync(prefix, { recursive: true });
  const certificate =
    options.tls &&
    ensureCertificate(options.dataDir, { certificate: options.tls.certificateFile, key: options.tls.keyFile });
  if (options.deployBuilds !== false) deployBuilt(root, options.deployRoot);
  const configFile = path.join(prefix, 'config.json');
  writeFileSync(configFile, JSON.stringify(clientConfig(options, `${ORIGIN_MARK}/api`, publicKey)));

  const ports = Array.from({ length: options.instances }, (_, index) => options.apiPortBase + index);
  // Same origin as the page: no CORS; nginx is the one proxy whose X-Forwarded-For the API believes.
  const env = { NODE_ENV: 'production', TRUST_PROXY: '127.0.0.1', ...options.apiEnv };
  const instances = ports.map((apiPort) =>
    apiProcess(
      { apiPort, dataDir: options.dataDir, databaseUrl: options.databaseUrl, quiet: options.quiet },
      privateFile,
      null,
      env,
    ),
  );
  const stopInstances = () => Promise.all(instances.map((instance) => instance.stop()));
  let nginx: RunningNginx;
  try {
    // The first migrates (and seeds an empty database) alone; the others find the database ready.
    await instances[0].start();
    await Promise.all(instances.slice(1).map((instance) => instance.start()));
    nginx = await startNginx(
      {
        prefix,
        shellDir: path.join(root, 'shell', 'dist'),
        deployRoot: options.deployRoot,
        configFile,
        apiPorts: ports,
        port: options.port,
        tls: certificate
          ? {
              certificate: certificate.certificate,
              key: certificate.key,
              redirectFrom: options.tls?.redirectFrom ?? null,
              strictTransport: !certificate.selfSigned,
            }
          : null,
        workerUser: workerUser(root),
      },
      { quiet: options.quiet },
    );
  } catch (error) {
    await stopInstances();
    throw error;
  }
  return {
    url: `${certificate ? 'https' : 'http'}://localhost:${options.port}`,
    publicKey,
    deployRoot: options.deployRoot,
    instances,
    nginx,
    async restartInstance(index) {
      const instance = instances[index];
      await nginx.reload({ drained: [ports[index]] });
      await instance.stop();
      await instance.start();
      await nginx.reload({ drained: [] });
    },
    async stop() {
      await nginx.stop();
      await stopInstances();
    },
  };
}
