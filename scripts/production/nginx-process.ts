// Debian's nginx (or NGINX_PATH) run by this process, in its foreground, on a configuration and a prefix of its own:
// nothing under /etc or /var is read or written, so it runs as a normal user as well as root.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { nginxConfig, type NginxSite } from './nginx-config';

export const nginxPath = () => process.env.NGINX_PATH || '/usr/sbin/nginx';

export type RunningNginx = { configFile: string; stop: () => Promise<void> };

// Run by root, nginx's workers take this user: the owner of the folder they serve (the one who built it).
export function workerUser(servedDir: string): string | null {
  if (process.getuid?.() !== 0) return null;
  const uid = statSync(servedDir).uid;
  const entry = spawnSync('getent', ['passwd', String(uid)], { encoding: 'utf8' }).stdout.split(':')[0];
  return entry || 'root';
}

function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`nginx s'est arrêté (code ${child.exitCode}).`));
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nginx ne répond pas sur le port ${port}.`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

export async function startNginx(site: NginxSite, { quiet = false } = {}): Promise<RunningNginx> {
  for (const dir of ['logs', 'temp']) mkdirSync(path.join(site.prefix, dir), { recursive: true });
  const configFile = path.join(site.prefix, 'nginx.conf');
  writeFileSync(configFile, nginxConfig(site));
  const args = ['-p', site.prefix, '-c', configFile, '-e', 'stderr', '-g', 'daemon off;'];
  const test = spawnSync(nginxPath(), [...args, '-t', '-q'], { encoding: 'utf8' });
  if (test.error) throw new Error(`nginx introuvable (${nginxPath()}) : installez nginx ou donnez NGINX_PATH.`);
  if (test.status !== 0) throw new Error(`Configuration nginx refusée (${configFile}) :\n${test.stderr}`);
  const child = spawn(nginxPath(), args, {
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', quiet ? 'ignore' : 'inherit'],
  });
  await waitForPort(site.port, child, 10_000);
  return {
    configFile,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        // SIGQUIT: the workers finish the requests under way, then nginx exits; past 10 s it is ended.
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(killer);
          resolve();
        });
        child.kill('SIGQUIT');
      }),
  };
}
