// Production mode's nginx configuration, as nginx itself reads it (`nginx -t`), with TLS and without.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureCertificate } from '../production/certificate';
import { nginxConfig, type NginxSite } from '../production/nginx-config';
import { nginxPath } from '../production/nginx-process';

const haveNginx = existsSync(nginxPath());
const maybe = haveNginx ? it : it.skip;

describe('production nginx configuration', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bo-nginx-config-'));
    for (const sub of ['logs', 'temp']) mkdirSync(path.join(dir, sub));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const check = (site: Partial<NginxSite>) => {
    const file = path.join(dir, 'nginx.conf');
    writeFileSync(
      file,
      nginxConfig({
        prefix: dir,
        shellDir: path.join(dir, 'shell'),
        deployRoot: path.join(dir, 'deploy'),
        configFile: path.join(dir, 'config.json'),
        apiPorts: [4001, 4002, 4003],
        port: 8443,
        tls: null,
        workerUser: null,
        ...site,
      }),
    );
    return spawnSync(nginxPath(), ['-p', dir, '-c', file, '-e', 'stderr', '-t', '-q'], { encoding: 'utf8' });
  };

  maybe('is accepted by nginx over TLS, with the redirecting HTTP port', () => {
    const { certificate, key } = ensureCertificate(dir, {});
    const result = check({ tls: { certificate, key, redirectFrom: 8080, strictTransport: true } });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  maybe('is accepted by nginx in plain HTTP (the benchmark)', () => {
    const result = check({ tls: null });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  maybe('takes a drained instance out of the rotation, the others kept (a rolling restart)', () => {
    const result = check({ drained: [4002] });
    expect(result.status).toBe(0);
    const upstream = /upstream bo_api \{([^}]*)\}/.exec(readFileSync(path.join(dir, 'nginx.conf'), 'utf8'))?.[1] ?? '';
    expect(upstream).toMatch(/127\.0\.0\.1:4002 [^;\n]* down;/);
    expect(upstream).not.toMatch(/127\.0\.0\.1:400[13] [^;\n]* down;/);
  });

  it('refuses a certificate without its key', () => {
    expect(() => ensureCertificate(dir, { certificate: path.join(dir, 'x.crt') })).toThrow(/TLS_KEY_FILE/);
  });
});
