import { constants, publicEncrypt } from 'node:crypto';
import http from 'node:http';
import { BENCH_LEADER, LARGE_PASSWORD } from './seed-large';

// A token for one of the large seed's users (all share its password); the benchmark's business leader by default.
// With the login key's public half (an API started as in production), the password travels encrypted, as the
// browser sends it.
export async function login(base: string, trigram: string = BENCH_LEADER, publicKey?: string): Promise<string> {
  const form = new FormData();
  form.append('trigram', trigram);
  form.append(
    'password',
    publicKey === undefined
      ? LARGE_PASSWORD
      : publicEncrypt(
          { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(LARGE_PASSWORD),
        ).toString('base64'),
  );
  form.append('save', '0');
  const response = await fetch(`${base}/user/login`, { method: 'POST', body: form });
  const token = response.headers.get('authorization');
  if (response.status !== 200 || token === null)
    throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return token;
}

// A GET through node:http with keep-alive: the load generators share the machine's two cores with the API and
// PostgreSQL, and fetch spent several times its CPU per request (and inflated gzipped answers, as a browser does on
// the user's own machine). The answer is read to its last byte, as sent. With the time the API says it spent on it
// (its Server-Timing header), when it says.
const agent = new http.Agent({ keepAlive: true });
type HttpAnswer = { status: number; cache: string | null; serverMs: number | null; body: Buffer };
const serverMs = (header: string | string[] | undefined): number | null => {
  const duration = /(?:^|,)\s*app;dur=([\d.]+)/.exec(String(header ?? ''))?.[1];
  return duration === undefined ? null : Number(duration);
};
type HttpOptions = { method?: 'GET' | 'POST'; headers: Record<string, string>; body?: Buffer };

// One request; when a kept-alive connection turns out closed by the server before any answer came (nginx's old
// workers close their idle connections on a reload), it is sent again once on a new connection, as a browser does:
// the server read nothing of it. `retried` says so, for the figures.
export async function httpRequest(url: string, options: HttpOptions): Promise<HttpAnswer & { retried: boolean }> {
  try {
    return { ...(await sendOnce(url, options)), retried: false };
  } catch (error) {
    if (!(error instanceof ClosedReusedConnection)) throw error;
    // On a connection of its own: the other kept-alive ones of the pool may be closing too.
    return { ...(await sendOnce(url, options, false)), retried: true };
  }
}

class ClosedReusedConnection extends Error {}

function sendOnce(
  url: string,
  { method = 'GET', headers, body }: HttpOptions,
  connection: http.Agent | false = agent,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(url, { agent: connection, method, headers }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          cache: (response.headers['x-cache'] as string | undefined) ?? null,
          serverMs: serverMs(response.headers['server-timing']),
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const closed = ['ECONNRESET', 'EPIPE'].includes(error.code ?? '') || error.message === 'socket hang up';
      reject(request.reusedSocket && !answered && closed ? new ClosedReusedConnection(error.message) : error);
    });
    request.end(body);
  });
}

export async function httpGet(url: string, headers: Record<string, string>): Promise<HttpAnswer> {
  return httpRequest(url, { headers });
}
