// Debian's nginx (or NGINX_PATH) run by this process, in its foreground, on a configuration and a prefix of its own:
// nothing under /etc or /var is read or written, so it runs as a normal user as well as root.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { nginxConfig, type NginxSite } from './nginx-config';

export const nginxPath = () => process.env.NGINX_PATH || '/usr/sbin/nginx';

export type RunningNginx = {
  configFile: string;
  // Writes the configuration again with these changes and reloads it; resolves once the workers of the old one have
  // finished the requests they had (so that none of them still sends to an instance the new one leaves out).
  reload: (changes: Partial<NginxSite>) => Promise<void>;
  stop: () => Promise<void>;
};

// The worker processes of a running nginx: the children of its master (Linux's /proc).
function workersOf(masterPid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // The fields after the command's closing parenthesis: state, then the parent's pid.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === masterPid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const OLD_WORKERS_WAIT_MS = 60_000;

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

export async function startNginx(first: NginxSite, { quiet = false } = {}): Promise<RunningNginx> {
  let site = first;
  for (const dir of ['logs', 'temp']) mkdirSync(path.join(site.prefix, dir), { recursive: true });
  const configFile = path.join(site.prefix, 'nginx.conf');
  const args = ['-p', site.prefix, '-c', configFile, '-e', 'stderr', '-g', 'daemon off;'];
  const write = () => {
    writeFileSync(configFile, nginxConfig(site));
    const test = spawnSync(nginxPath(), [...args, '-t', '-q'], { encoding: 'utf8' });
    if (test.error) throw new Error(`nginx introuvable (${nginxPath()}) : installez nginx ou donnez NGINX_PATH.`);
    if (test.status !== 0) throw new Error(`Configuration nginx refusée (${configFile}) :\n${test.stderr}`);
  };
  write();
  const child = spawn(nginxPath(), args, {
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', quiet ? 'ignore' : 'inherit'],
  });
  await waitForPort(site.port, child, 10_000);
  return {
    configFile,
    async reload(changes) {
      site = { ...site, ...changes };
      write();
      const old = child.pid === undefined ? [] : workersOf(child.pid);
      // SIGHUP: new workers on the new configuration; the old ones finish their requests under way, then exit.
      child.kill('SIGHUP');
      const deadline = Date.now() + OLD_WORKERS_WAIT_MS;
      while (old.some((pid) => existsSync(`/proc/${pid}`)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
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
