import { BENCH_LEADER, LARGE_PASSWORD } from './seed-large';

// A token for one of the large seed's users (all share its password); the benchmark's business leader by default.
export async function login(base: string, trigram: string = BENCH_LEADER): Promise<string> {
  const form = new FormData();
  form.append('trigram', trigram);
  form.append('password', LARGE_PASSWORD);
  form.append('save', '0');
  const response = await fetch(`${base}/user/login`, { method: 'POST', body: form });
  const token = response.headers.get('authorization');
  if (response.status !== 200 || token === null) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return token;
}
