import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { LIVE_HEARTBEAT_MS } from '@bo/contracts/all';

// Argon2id cost. Production follows the OWASP minimum for argon2id (19 MiB, 2 passes); tests pass lighter
// values through `buildApp({ config })`, never through the environment.
export type PasswordHashing = { memoryCost: number; timeCost: number; parallelism: number };

export type AppConfig = {
  port: number;
  host: string;
  // PostgreSQL when set; PGlite in `dataDir` otherwise (null: in memory, tests only).
  databaseUrl: string | null;
  dataDir: string | null;
  corsOrigins: string[];
  // Null: generated once and kept in the database so every instance signs with the same secret.
  tokenSecret: string | null;
  // Also accepted, never used to sign: the secret being rotated (docs/production.md).
  tokenSecretPrevious: string | null;
  tokenTtlSeconds: number;
  // When set, login passwords arrive RSA-OAEP (SHA-256) encrypted with the matching public key.
  loginPrivateKey: KeyObject | null;
  // Also decrypts, for a browser that read config.json before the key pair changed (docs/production.md).
  loginPreviousPrivateKey: KeyObject | null;
  // Development only: the login also takes a plain password, so that /docs "Try it out" can log in without
  // encrypting it. Refused in production.
  docsPlainLogin: boolean;
  debug: boolean;
  // Check every answer against its zod schema at run time (tests and debug). Off in production: the handlers'
  // return types are already checked against the same schemas at compile time, and the check costs more than
  // the rest of a large answer (20 ms for a month of a team's todos).
  checkResponses: boolean;
  // Memory for the large answers kept between changes of their data (bytes; 0: no cache).
  answerCacheBytes: number;
  passwordHashing: PasswordHashing;
  // Failed logins allowed per window: per address and trigram pair, and per address across trigrams.
  loginRateLimit: { maxFailures: number; maxFailuresPerAddress: number; windowSeconds: number };
  // Fastify's trustProxy: the proxies whose X-Forwarded-For gives the client's address (false: none).
  trustProxy: false | number | string[];
  // The longest a request may take to arrive whole, headers and body (ms): a client sending slowly, or announcing
  // more than it sends, is answered 408 and its connection closed, rather than holding it open for ever.
  requestTimeoutMs: number;
  db: DbTimeouts;
  metrics: MetricsConfig;
  live: LiveConfig;
  notifications: NotificationsConfig;
};

// The live changes' streams (docs/live-changes.md): how many one user may hold open on one instance (one per tab),
// and how often an idle stream sends a heartbeat and checks that its session still holds (ms).
export type LiveConfig = { streamsPerUser: number; heartbeatMs: number };

// The morning round of due todos (docs/notifications.md): how often an instance checks whether today's is done
// (null: never, the tests run it themselves).
// and the daily digest by e-mail: the SMTP server it goes through (null: no digest is sent), its sender, and the
// address of the application its links open (the shell's origin).
export type NotificationsConfig = {
  roundEveryMs: number | null;
  smtpUrl: string | null;
  mailFrom: string;
  appUrl: string | null;
};

export const defaultNotificationsConfig: NotificationsConfig = {
  roundEveryMs: 60_000,
  smtpUrl: null,
  mailFrom: 'Back office <ne-pas-repondre@localhost>',
  appUrl: null,
};

export const defaultLiveConfig: LiveConfig = { streamsPerUser: 10, heartbeatMs: LIVE_HEARTBEAT_MS };

// Where the Prometheus metrics are read (docs/configuration.md): on a port of their own (null: none), bound to
// `host`, and/or on the API's port with `Authorization: Bearer <token>` (null: not there).
export type MetricsConfig = { port: number | null; host: string; token: string | null };

// As long as the browser waits for its longest call, a file upload (10 s twelve times).
export const defaultRequestTimeoutMs = 120_000;

// PostgreSQL time limits (ms). A database that accepts connections but never answers, a stuck transaction or a
// lock held by a frozen instance then costs a request a few seconds, never forever.
export type DbTimeouts = { connectMs: number; statementMs: number; lockMs: number; idleInTransactionMs: number };

export const defaultDbTimeouts: DbTimeouts = {
  connectMs: 3_000,
  statementMs: 5_000,
  lockMs: 2_000,
  idleInTransactionMs: 10_000,
};

// Migrations and bulk seeding: long statements, and the migration lock another starting instance holds, are
// expected there (0: no limit).
export const maintenanceDbTimeouts: DbTimeouts = {
  connectMs: 10_000,
  statementMs: 0,
  lockMs: 0,
  idleInTransactionMs: 0,
};

export const productionPasswordHashing: PasswordHashing = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

// Reads every environment variable the API uses, here and nowhere else, and reports all problems at once.
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return Number(raw);
  };

  const port = integer('API_PORT', 4000, 0, 65_535);
  const host = text('API_HOST') ?? '127.0.0.1';

  const databaseUrl = text('DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user@host:5432/db (unset it to use the embedded PGlite database)',
    );
  }
  const dataDir = path.resolve(cwd, text('DATA_DIR') ?? 'data/pglite');

  // `none`: the front end is on the API's own origin (behind a proxy), no other origin may call it.
  const corsRaw = text('CORS_ORIGINS') ?? 'http://localhost:3000';
  const corsOrigins = (corsRaw === 'none' ? '' : corsRaw)
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '');
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      problems.push(
        `CORS_ORIGINS must be a comma-separated list of origins like http://localhost:3000 (bad entry "${origin}")`,
      );
    }
  }

  const tokenSecret = text('TOKEN_SECRET') ?? null;
  if (tokenSecret !== null && tokenSecret.length < 32) {
    problems.push('TOKEN_SECRET must be at least 32 characters long (or unset it to let the API generate one)');
  }
  const tokenSecretPrevious = text('TOKEN_SECRET_PREVIOUS') ?? null;
  if (tokenSecretPrevious !== null && tokenSecretPrevious.length < 32) {
    problems.push('TOKEN_SECRET_PREVIOUS must be at least 32 characters long (or unset it)');
  }
  if (tokenSecretPrevious !== null && tokenSecretPrevious === tokenSecret) {
    problems.push('TOKEN_SECRET_PREVIOUS must differ from TOKEN_SECRET (or unset it)');
  }
  const tokenTtlSeconds = integer('TOKEN_TTL_SECONDS', 7200, 60, 31 * 24 * 3600);

  const privateKey = (name: string): KeyObject | null => {
    const keyFile = text(name);
    if (keyFile === undefined) return null;
    try {
      const key = createPrivateKey(readFileSync(path.resolve(cwd, keyFile), 'utf8'));
      if (key.asymmetricKeyType !== 'rsa') {
        problems.push(`${name} must hold an RSA private key (PEM); ${keyFile} holds ${key.asymmetricKeyType} key`);
      }
      return key;
    } catch (error) {
      problems.push(
        `${name} must name a readable RSA private key in PEM format (${keyFile}: ${(error as Error).message})`,
      );
      return null;
    }
  };
  const loginPrivateKey = privateKey('LOGIN_PRIVATE_KEY_FILE');
  const loginPreviousPrivateKey = privateKey('LOGIN_PREVIOUS_PRIVATE_KEY_FILE');
  if (loginPreviousPrivateKey !== null && text('LOGIN_PRIVATE_KEY_FILE') === undefined) {
    problems.push('LOGIN_PREVIOUS_PRIVATE_KEY_FILE needs LOGIN_PRIVATE_KEY_FILE, the key pair that replaces it');
  }

  const answerCacheBytes = integer('API_CACHE_MB', 64, 0, 4096) * 1024 * 1024;

  const loginRateLimit = {
    maxFailures: integer('LOGIN_MAX_FAILURES', 10, 1, 1000),
    maxFailuresPerAddress: integer('LOGIN_MAX_FAILURES_PER_ADDRESS', 30, 1, 100_000),
    windowSeconds: integer('LOGIN_WINDOW_SECONDS', 15 * 60, 10, 24 * 3600),
  };

  // Off by default: X-Forwarded-For is believed only from the proxies named here (addresses or CIDR ranges),
  // or from that many hops when a number is given.
  let trustProxy: AppConfig['trustProxy'] = false;
  const proxyRaw = text('TRUST_PROXY');
  if (proxyRaw !== undefined && proxyRaw !== '0' && proxyRaw !== 'false') {
    if (/^\d+$/.test(proxyRaw)) {
      trustProxy = integer('TRUST_PROXY', 0, 1, 10);
    } else {
      const entries = proxyRaw
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
      const bad = entries.filter((entry) => {
        const [address, prefix, ...rest] = entry.split('/');
        const family = isIP(address);
        const maxPrefix = family === 6 ? 128 : 32;
        return (
          family === 0 ||
          rest.length > 0 ||
          (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= maxPrefix))
        );
      });
      if (bad.length > 0 || entries.length === 0) {
        problems.push(
          `TRUST_PROXY must be a number of proxy hops or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.1,10.1.0.0/16 (bad entry "${bad[0] ?? proxyRaw}")`,
        );
      }
      trustProxy = entries;
    }
  }

  const requestTimeoutMs = integer('API_REQUEST_TIMEOUT_MS', defaultRequestTimeoutMs, 1_000, 3_600_000);

  const db: DbTimeouts = {
    connectMs: integer('DB_CONNECT_TIMEOUT_MS', defaultDbTimeouts.connectMs, 100, 600_000),
    statementMs: integer('DB_STATEMENT_TIMEOUT_MS', defaultDbTimeouts.statementMs, 100, 600_000),
    lockMs: integer('DB_LOCK_TIMEOUT_MS', defaultDbTimeouts.lockMs, 100, 600_000),
    idleInTransactionMs: integer(
      'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      defaultDbTimeouts.idleInTransactionMs,
      100,
      600_000,
    ),
  };

  const metricsPort = text('METRICS_PORT') === undefined ? null : integer('METRICS_PORT', 0, 1, 65_535);
  if (metricsPort !== null && metricsPort === port)
    problems.push(`METRICS_PORT must differ from API_PORT (both ${port}): the metrics have a port of their own`);
  const metricsHost = text('METRICS_HOST') ?? '127.0.0.1';
  if (isIP(metricsHost) === 0 && !/^[A-Za-z0-9.-]+$/.test(metricsHost))
    problems.push(`METRICS_HOST must be an interface address such as 127.0.0.1 (got "${metricsHost}")`);
  if (text('METRICS_HOST') !== undefined && metricsPort === null)
    problems.push('METRICS_HOST is set without METRICS_PORT: set the port too, or unset both');
  const notificationRoundMs = integer('NOTIFICATION_ROUND_MS', 60_000, 1_000, 3_600_000);
  const smtpUrl = text('SMTP_URL') ?? null;
  if (smtpUrl !== null && !URL.canParse(smtpUrl))
    problems.push('SMTP_URL must be a URL such as smtps://user:password@host:465');
  else if (smtpUrl !== null && !/^smtps?:$/.test(new URL(smtpUrl).protocol))
    problems.push('SMTP_URL must start with smtp:// or smtps://');
  const isWebAddress = (value: string) => /^https?:\/\/[^\s]+$/.test(value);
  const appUrlRaw = text('APP_URL');
  if (appUrlRaw !== undefined && !isWebAddress(appUrlRaw))
    problems.push('APP_URL must be the address of the application, such as https://bo.example.fr');
  const appUrl = (appUrlRaw ?? corsOrigins.find(isWebAddress) ?? null)?.replace(/\/+$/, '') ?? null;

  const metricsToken = text('METRICS_TOKEN') ?? null;
  if (metricsToken !== null && !/^[A-Za-z0-9._~+/=-]{32,}$/.test(metricsToken)) {
    problems.push(
      'METRICS_TOKEN must be at least 32 characters, letters, digits and ._~+/=- only (or unset it: no /metrics on the API port)',
    );
  }

  const debugRaw = text('API_DEBUG') ?? '0';
  if (debugRaw !== '0' && debugRaw !== '1') problems.push(`API_DEBUG must be 0 or 1 (got "${debugRaw}")`);

  const docsPlainLoginRaw = text('API_DOCS_PLAIN_LOGIN') ?? '0';
  if (docsPlainLoginRaw !== '0' && docsPlainLoginRaw !== '1')
    problems.push(`API_DOCS_PLAIN_LOGIN must be 0 or 1 (got "${docsPlainLoginRaw}")`);
  if (docsPlainLoginRaw === '1' && env.NODE_ENV === 'production') {
    problems.push(
      'API_DOCS_PLAIN_LOGIN must stay 0 in production (NODE_ENV=production): login passwords travel encrypted there',
    );
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host,
    databaseUrl,
    dataDir,
    corsOrigins,
    tokenSecret,
    tokenSecretPrevious,
    tokenTtlSeconds,
    loginPrivateKey,
    loginPreviousPrivateKey,
    docsPlainLogin: docsPlainLoginRaw === '1',
    debug: debugRaw === '1',
    checkResponses: debugRaw === '1',
    answerCacheBytes,
    passwordHashing: productionPasswordHashing,
    loginRateLimit,
    trustProxy,
    requestTimeoutMs,
    db,
    metrics: { port: metricsPort, host: metricsHost, token: metricsToken },
    live: { ...defaultLiveConfig, streamsPerUser: integer('LIVE_STREAMS_PER_USER', 10, 1, 1000) },
    notifications: {
      ...defaultNotificationsConfig,
      roundEveryMs: notificationRoundMs,
      smtpUrl,
      mailFrom: text('MAIL_FROM') ?? defaultNotificationsConfig.mailFrom,
      appUrl,
    },
  };
}
