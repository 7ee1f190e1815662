import {
  LIVE_HEARTBEAT_MS,
  liveChangeSchema,
  livePresenceSchema,
  newRequestId,
  REQUEST_ID_HEADER,
} from '@bo/contracts';
import { bearer, readEnvelope } from './api';
import { getClientConfig } from './config';
import { ApiRequestError } from './errors';
import { receiveLive } from './live-changes';
import { liveTab, presenceStreamClosed, presenceStreamOpened, seenPresence } from './live-presence';
import { session } from './session';

// The tab's event stream (GET /events, docs/live-changes.md): one per tab, opened by the shell once the user is in,
// shared by every remote through this singleton package; what it hears goes to live-changes.ts (the queries on
// screen) and live-presence.ts (who has which record open).

// Waits before opening the stream again: soon after an end the server asked for, longer after each failure.
const RETRY_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000];
// Refused for too many tabs open: tried again much later (the page works without it meanwhile).
const CROWDED_RETRY_MS = 60_000;

let running = false;
let controller: AbortController | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;
let failures = 0;
let lastEventId: string | null = null;
// Whether a stream was open before: one opened again without a place to resume from may have missed changes.
let opened = false;

// The stream's state on the page's root element (`data-live`: open or closed, `data-live-last-event`: the last
// change heard), where the browser tests and a support person in the developer tools read it.
function mark(name: 'live' | 'liveLastEvent', value: string) {
  if (typeof document !== 'undefined') document.documentElement.dataset[name] = value;
}

function schedule(ms: number) {
  if (!running || retry !== null) return;
  retry = setTimeout(() => {
    retry = null;
    void connect();
  }, ms);
}

// One SSE frame: its fields, the `data` lines joined.
function readFrame(frame: string): { id?: string; event: string; data: string } | null {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 && id === undefined ? null : { id, event, data: data.join('\n') };
}

function handle(frame: { id?: string; event: string; data: string }) {
  if (frame.event === 'ready') {
    failures = 0;
    mark('live', 'open');
    if (opened && lastEventId === null) receiveLive('reset');
    opened = true;
    presenceStreamOpened();
  } else if (frame.event === 'presence') {
    const parsed = livePresenceSchema.safeParse(JSON.parse(frame.data));
    if (parsed.success) seenPresence(parsed.data);
  } else if (frame.event === 'change') {
    const parsed = liveChangeSchema.safeParse(JSON.parse(frame.data));
    // A table this client does not know (a newer server): reload what is on screen rather than miss it.
    receiveLive(parsed.success ? parsed.data : 'reset');
  } else if (frame.event === 'reset') {
    receiveLive('reset');
  }
  if (frame.id !== undefined) {
    lastEventId = frame.id;
    if (frame.event === 'change') mark('liveLastEvent', frame.id);
  }
}

async function connect() {
  const token = session.getToken();
  if (!running || token === null) return;
  const abort = new AbortController();
  controller = abort;
  let watchdog: ReturnType<typeof setTimeout> | null = null;
  // Nothing heard, not even a heartbeat, for three beats: the connection is taken for cut.
  const kick = () => {
    if (watchdog !== null) clearTimeout(watchdog);
    watchdog = setTimeout(() => abort.abort(), LIVE_HEARTBEAT_MS * 3);
  };
  let next = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
  try {
    const headers: Record<string, string> = {
      Authorization: bearer(token),
      Accept: 'text/event-stream',
      [REQUEST_ID_HEADER]: newRequestId(),
    };
    if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
    kick();
    const response = await fetch(`${getClientConfig().apiUrl}/events?tab=${liveTab}`, {
      headers,
      signal: abort.signal,
      cache: 'no-store',
    });
    if (!response.ok || response.body === null) {
      if (response.status === 429) next = CROWDED_RETRY_MS;
      // A refusal comes as the envelope: a token that ended ends the session here as on any call.
      readEnvelope({ status: response.status, headers: {}, data: await response.json().catch(() => null) });
      failures += 1;
      return;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      kick();
      buffered += value.replace(/\r\n?/g, '\n');
      let cut;
      while ((cut = buffered.indexOf('\n\n')) !== -1) {
        const frame = readFrame(buffered.slice(0, cut));
        buffered = buffered.slice(cut + 2);
        if (frame !== null) handle(frame);
      }
    }
    // The server ended the stream (the token expired, the instance stops): another, with the token of now.
    next = RETRY_MS[0];
  } catch (error) {
    if (!(error instanceof ApiRequestError)) failures += 1;
  } finally {
    if (watchdog !== null) clearTimeout(watchdog);
    if (controller === abort) controller = null;
    mark('live', 'closed');
    presenceStreamClosed(false);
    schedule(next);
  }
}

function stop() {
  running = false;
  presenceStreamClosed(true);
  controller?.abort();
  controller = null;
  if (retry !== null) clearTimeout(retry);
  retry = null;
  lastEventId = null;
  opened = false;
  failures = 0;
}

// Opens the tab's stream, once; it closes when the session ends. Called by the shell when the user is in.
export function startLiveChanges() {
  if (running || typeof fetch === 'undefined' || typeof TextDecoderStream === 'undefined') return;
  running = true;
  void connect();
  if (!listeningToNetwork) {
    listeningToNetwork = true;
    // The browser knows the network is gone: the stream is dead, whatever its socket says. Back online, the stream
    // opens again at once and resumes where it stopped.
    window.addEventListener('offline', () => controller?.abort());
    window.addEventListener('online', () => {
      if (!running || retry === null) return;
      clearTimeout(retry);
      retry = null;
      failures = 0;
      void connect();
    });
  }
}
let listeningToNetwork = false;

session.subscribe(() => {
  if (session.getToken() === null) stop();
});
