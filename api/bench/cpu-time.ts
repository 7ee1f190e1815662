import { readdirSync, readFileSync } from 'node:fs';

// Where the machine's CPU went during a load, per request: the load generator (this process), PostgreSQL's
// processes, and the rest (the API instance under load: nothing else runs during a benchmark). On a shared
// machine a latency percentile moves with its neighbours; the CPU a request costs moves much less, so that a
// before/after comparison can rest on it. Read from /proc (Linux); null elsewhere.

export type CpuSnapshot = { busyMs: number; postgresMs: number; generatorMs: number } | null;
export type CpuPerRequest = { apiMs: number; dbMs: number; generatorMs: number };

// Clock ticks of /proc (USER_HZ), 100 on Linux.
const TICK_MS = 10;

function machineBusyTicks(): number {
  // cpu  user nice system idle iowait irq softirq steal ...
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq] = fields;
  return user + nice + system + irq + softirq;
}

// utime and stime of a process: fields 14 and 15 of its stat, 12 and 13 after the command; with its command.
function processTicks(pid: string): { command: string; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return { command: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    // The process ended meanwhile.
    return null;
  }
}

function postgresTicks(): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const found = processTicks(entry);
    if (found?.command === 'postgres') ticks += found.ticks;
  }
  return ticks;
}

// The CPU time the processes `pids` have spent (milliseconds): on a machine shared with other work, the API
// instances' and their database connections' own, where the machine's busy time counts everyone's.
export function processesMs(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + (processTicks(String(pid))?.ticks ?? 0) * TICK_MS, 0);
}

export function cpuSnapshot(): CpuSnapshot {
  try {
    const usage = process.cpuUsage();
    return {
      busyMs: machineBusyTicks() * TICK_MS,
      postgresMs: postgresTicks() * TICK_MS,
      generatorMs: (usage.user + usage.system) / 1000,
    };
  } catch {
    return null;
  }
}

export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuPerRequest | null {
  if (before === null || after === null || requests === 0) return null;
  const generatorMs = after.generatorMs - before.generatorMs;
  const dbMs = after.postgresMs - before.postgresMs;
  const apiMs = Math.max(0, after.busyMs - before.busyMs - dbMs - generatorMs);
  return { apiMs: apiMs / requests, dbMs: dbMs / requests, generatorMs: generatorMs / requests };
}
