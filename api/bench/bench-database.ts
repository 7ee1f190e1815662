import { randomBytes } from 'node:crypto';
import pg from 'pg';

// A database of its own on the local PostgreSQL server, for one benchmark run, dropped afterwards.
export async function createBenchDatabase(
  serverUrl: URL,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(serverUrl.hostname)) {
    throw new Error(`The benchmarks only run against a local PostgreSQL; DATABASE_URL points at ${serverUrl.hostname}`);
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl.toString() });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
