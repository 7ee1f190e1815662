import { setTimeout as sleep } from 'node:timers/promises';
import { login } from './bench-client';
import { processesMs } from './cpu-time';
import { rssMegabytes } from './list-load';

// Live changes (docs/live-changes.md) with two API instances on one PostgreSQL: `streams` event streams open on the
// reader instance, a todo saved through the writer instance again and again. Measured: from each write sent to its
// change read on every stream (the commit lies between the two: this is an upper bound of commit to event), and what
// the open streams cost the reader instance at rest (memory, CPU), against the same instance without them, in the
// same run.

export type LiveSettings = { writer: string; reader: string; readerPid: number; streams: number; writes: number };
export type LiveResult = {
  streams: number;
  writes: number;
  // Every (write, stream) pair: the time from the write sent to its change read on that stream.
  latency: { p50: number; p95: number; max: number; samples: number; missed: number };
  rest: {
    seconds: number;
    bareMb: number;
    withStreamsMb: number;
    bareCpuPercent: number;
    withStreamsCpuPercent: number;
  };
};

const REST_SECONDS = 32;

type Arrival = { todoId: number; version: number; at: number };

// One stream, read frame by frame; each change of a todo noted with the time it came.
async function openStream(reader: string, token: string, tab: string, onChange: (arrival: Arrival) => void) {
  const abort = new AbortController();
  const response = await fetch(`${reader}/events?tab=${tab}`, {
    headers: { authorization: token, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (!response.ok || response.body === null) throw new Error(`stream refused: ${response.status}`);
  const body = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let ready: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    let buffered = '';
    try {
      for (;;) {
        const { value, done } = await body.read();
        if (done) return;
        const at = Date.now();
        buffered += value;
        let cut;
        while ((cut = buffered.indexOf('\n\n')) !== -1) {
          const frame = buffered.slice(0, cut);
          buffered = buffered.slice(cut + 2);
          if (frame.includes('event: ready')) ready();
          if (!frame.includes('event: change')) continue;
          const data = JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? '{}') as {
            table?: string;
            records?: [number, number | null][] | null;
          };
          if (data.table !== 'todo') continue;
          for (const [id, version] of data.records ?? []) onChange({ todoId: id, version: version ?? -1, at });
        }
      }
    } catch {
      // Closed by the benchmark.
    }
  })();
  await opened;
  return () => abort.abort();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function restingFor(pid: number): Promise<number> {
  const before = processesMs([pid]);
  await sleep(REST_SECONDS * 1000);
  return ((processesMs([pid]) - before) / (REST_SECONDS * 1000)) * 100;
}

export async function liveLoad(settings: LiveSettings): Promise<LiveResult> {
  const token = await login(settings.reader);
  const writerToken = await login(settings.writer);
  // A pending todo of the leader's own, saved again and again (its notes change, so each save is a new version).
  const now = Math.floor(Date.now() / 1000);
  const listed = await fetch(
    `${settings.writer}/todos?onlyPending=1&start=${now - 30 * 86400}&end=${now + 30 * 86400}`,
    {
      headers: { authorization: writerToken, accept: 'application/json' },
    },
  );
  const todos = ((await listed.json()) as { data: { id: number; deadline: string; owner: { id: number } }[] }).data;
  const me = (
    (await (await fetch(`${settings.writer}/user`, { headers: { authorization: writerToken } })).json()) as {
      data: { id: number };
    }
  ).data.id;
  const todo = todos.find((item) => item.owner.id === me);
  if (todo === undefined) throw new Error('the bench leader has no pending todo this month');

  await sleep(2_000);
  const bareMb = rssMegabytes(settings.readerPid);
  const bareCpuPercent = await restingFor(settings.readerPid);

  // Each change heard, by the version it tells, with when: a stream may hear a save before the saver reads its answer
  // (the version is known only then), so arrivals are kept and matched once the answer is read.
  const heard = new Map<number, number[]>();
  let onHeard = () => undefined as void;
  const latencies: number[] = [];
  const closers: Array<() => void> = [];
  for (let i = 0; i < settings.streams; i += 1) {
    closers.push(
      await openStream(settings.reader, token, `bench-tab-${i}`, (arrival) => {
        if (arrival.todoId !== todo.id) return;
        const times = heard.get(arrival.version) ?? [];
        times.push(arrival.at);
        heard.set(arrival.version, times);
        onHeard();
      }),
    );
  }
  try {
    await sleep(5_000);
    const withStreamsMb = rssMegabytes(settings.readerPid);
    const withStreamsCpuPercent = await restingFor(settings.readerPid);

    let missed = 0;
    for (let k = 0; k < settings.writes; k += 1) {
      const form = new FormData();
      form.append('deadline', todo.deadline);
      form.append('notes', `Relance en direct ${k}`);
      const sentAt = Date.now();
      const saved = await fetch(`${settings.writer}/todo/${todo.id}/store`, {
        method: 'POST',
        headers: { authorization: writerToken, accept: 'application/json' },
        body: form,
      });
      const { version } = ((await saved.json()) as { data: { version: number } }).data;
      const count = () => heard.get(version)?.length ?? 0;
      await Promise.race([
        new Promise<void>((resolve) => {
          onHeard = () => {
            if (count() >= settings.streams) resolve();
          };
          onHeard();
        }),
        sleep(5_000),
      ]);
      onHeard = () => undefined;
      for (const at of heard.get(version) ?? []) latencies.push(at - sentAt);
      missed += Math.max(0, settings.streams - count());
      heard.delete(version);
      await sleep(200);
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      streams: settings.streams,
      writes: settings.writes,
      latency: {
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        max: sorted.at(-1) ?? 0,
        samples: sorted.length,
        missed,
      },
      rest: { seconds: REST_SECONDS, bareMb, withStreamsMb, bareCpuPercent, withStreamsCpuPercent },
    };
  } finally {
    for (const close of closers) close();
  }
}

export function printLive(result: LiveResult, goals: { p95Ms: number; megabytes: number; cpuPercent: number }) {
  const { latency, rest } = result;
  const addedMb = rest.withStreamsMb - rest.bareMb;
  const addedCpu = rest.withStreamsCpuPercent - rest.bareCpuPercent;
  console.log(
    `\nLive changes: two instances, ${result.streams} streams on one, ${result.writes} todo saves on the other`,
  );
  console.log(
    `  write sent → its change read on each stream of the other instance (${latency.samples} samples, ${latency.missed} missed): ` +
      `p50 ${latency.p50} ms, p95 ${latency.p95} ms, max ${latency.max} ms (goal p95 < ${goals.p95Ms} ms: ` +
      `${latency.p95 < goals.p95Ms && latency.missed === 0 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  ${result.streams} open streams at rest, ${rest.seconds} s: memory ${rest.bareMb.toFixed(1)} → ${rest.withStreamsMb.toFixed(1)} MB ` +
      `(+${addedMb.toFixed(1)} MB, goal < ${goals.megabytes}: ${addedMb < goals.megabytes ? 'met' : 'NOT met'}); ` +
      `CPU ${rest.bareCpuPercent.toFixed(2)} → ${rest.withStreamsCpuPercent.toFixed(2)} % of a core ` +
      `(+${addedCpu.toFixed(2)}, goal < ${goals.cpuPercent} %: ${addedCpu < goals.cpuPercent ? 'met' : 'NOT met'})`,
  );
}
