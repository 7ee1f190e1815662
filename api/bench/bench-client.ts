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
export function httpGet(url: string, headers: Record<string, string>): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
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
    request.on('error', reject);
  });
}
