// A reader of the API's event stream for the tests (GET /events, docs/live-changes.md): opens it over HTTP as a
// browser does, and hands out its events one by one, as the SSE format frames them.

export type StreamEvent = { id: string | null; event: string; data: Record<string, unknown> };

export type OpenStream = {
  status: number;
  headers: Headers;
  // The refusal's envelope when the stream was refused.
  refusal: unknown;
  // The next event (heartbeats skipped), or null when the stream ended; fails after `ms` without one.
  next: (ms?: number) => Promise<StreamEvent | null>;
  // The next event of that name, skipping others.
  nextOf: (name: string, ms?: number) => Promise<StreamEvent>;
  // Whether an event comes within `ms` (it is kept for next()).
  quietFor: (ms: number) => Promise<boolean>;
  close: () => void;
};

export async function openEventStream(
  baseUrl: string,
  token: string,
  options: { lastEventId?: string; tab?: string } = {},
): Promise<OpenStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { authorization: token, accept: 'text/event-stream' };
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const query = options.tab === undefined ? '' : `?tab=${encodeURIComponent(options.tab)}`;
  const response = await fetch(`${baseUrl}/events${query}`, { headers, signal: abort.signal });
  if (!response.ok || response.body === null) {
    return {
      status: response.status,
      headers: response.headers,
      refusal: await response.json(),
      next: () => Promise.resolve(null),
      nextOf: () => Promise.reject(new Error('the stream was refused')),
      quietFor: () => Promise.resolve(true),
      close: () => undefined,
    };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  const queue: StreamEvent[] = [];
  let ended = false;
  let pending: Promise<void> | null = null;

  // Reads until at least one whole event is queued, or the stream ends.
  const fill = () => {
    pending ??= (async () => {
      try {
        while (queue.length === 0 && !ended) {
          const { value, done } = await reader.read();
          if (done) {
            ended = true;
            break;
          }
          buffered += value;
          let cut;
          while ((cut = buffered.indexOf('\n\n')) !== -1) {
            const frame = buffered.slice(0, cut);
            buffered = buffered.slice(cut + 2);
            const fields = new Map<string, string>();
            for (const line of frame.split('\n')) {
              if (line.startsWith(':')) continue;
              const colon = line.indexOf(':');
              fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ''));
            }
            if (!fields.has('event') && !fields.has('data')) continue;
            queue.push({
              id: fields.get('id') ?? null,
              event: fields.get('event') ?? 'message',
              data: JSON.parse(fields.get('data') ?? '{}') as Record<string, unknown>,
            });
          }
        }
      } catch {
        ended = true;
      } finally {
        pending = null;
      }
    })();
    return pending;
  };

  const within = <T>(promise: Promise<T>, ms: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
      promise.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });

  const next = async (ms = 5_000): Promise<StreamEvent | null> => {
    if (queue.length === 0 && !ended) await within(fill(), ms, 'event');
    return queue.shift() ?? null;
  };
  return {
    status: response.status,
    headers: response.headers,
    refusal: null,
    next,
    async nextOf(name, ms = 5_000) {
      const until = Date.now() + ms;
      for (;;) {
        const item = await next(Math.max(1, until - Date.now()));
        if (item === null) throw new Error(`the stream ended before a ${name} event`);
        if (item.event === name) return item;
      }
    },
    async quietFor(ms) {
      if (queue.length > 0) return false;
      try {
        await within(fill(), ms, 'event');
        return queue.length === 0;
      } catch {
        return true;
      }
    },
    close: () => abort.abort(),
  };
}
