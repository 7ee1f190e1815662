import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig, productionPasswordHashing } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({}, '/srv/app');
    assert.deepEqual(
      { ...config, loginPrivateKey: null },
      {
        port: 4000,
        host: '127.0.0.1',
        databaseUrl: null,
        dataDir: path.resolve('/srv/app', 'data/pglite'),
        corsOrigins: ['http://localhost:3000'],
        tokenSecret: null,
        tokenSecretPrevious: null,
        tokenTtlSeconds: 7200,
        loginPrivateKey: null,
        loginPreviousPrivateKey: null,
        docsPlainLogin: false,
        debug: false,
        checkResponses: false,
        answerCacheBytes: 64 * 1024 * 1024,
        passwordHashing: productionPasswordHashing,
        loginRateLimit: { maxFailures: 10, maxFailuresPerAddress: 30, windowSeconds: 900 },
        trustProxy: false,
        requestTimeoutMs: 120_000,
        db: { connectMs: 3000, statementMs: 5000, lockMs: 2000, idleInTransactionMs: 10000 },
        metrics: { port: null, host: '127.0.0.1', token: null },
        live: { streamsPerUser: 10, heartbeatMs: 15_000 },
        notifications: {
          roundEveryMs: 60_000,
          smtpUrl: null,
          mailFrom: 'Back office <ne-pas-repondre@localhost>',
          appUrl: 'http://localhost:3000',
        },
      },
    );
    assert.ok(productionPasswordHashing.memoryCost >= 19_456);
  });

  it('reads every variable', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bo-config-'));
    const keyFile = path.join(dir, 'login.pem');
    writeFileSync(
      keyFile,
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    const config = loadConfig(
      {
        API_PORT: '8080',
        API_HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
        DATA_DIR: 'var/db',
        CORS_ORIGINS: 'http://localhost:3000, https://bo.example.fr/',
        TOKEN_SECRET: 'x'.repeat(40),
        TOKEN_TTL_SECONDS: '600',
        LOGIN_PRIVATE_KEY_FILE: keyFile,
        API_DEBUG: '1',
        API_CACHE_MB: '0',
        LOGIN_MAX_FAILURES: '5',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '20',
        LOGIN_WINDOW_SECONDS: '600',
        TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1',
        DB_CONNECT_TIMEOUT_MS: '1000',
        DB_STATEMENT_TIMEOUT_MS: '2000',
        DB_LOCK_TIMEOUT_MS: '500',
        DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '3000',
        API_REQUEST_TIMEOUT_MS: '30000',
        METRICS_PORT: '9464',
        METRICS_HOST: '10.0.0.5',
        METRICS_TOKEN: 'm'.repeat(32),
        LIVE_STREAMS_PER_USER: '4',
      },
      '/srv/app',
    );
    assert.equal(config.port, 8080);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.databaseUrl, 'postgres://postgres@127.0.0.1:5432/test');
    assert.equal(config.dataDir, '/srv/app/var/db');
    assert.deepEqual(config.corsOrigins, ['http://localhost:3000', 'https://bo.example.fr']);
    assert.deepEqual(loadConfig({ CORS_ORIGINS: 'none' }, '/srv/app').corsOrigins, []);
    assert.equal(config.tokenSecret, 'x'.repeat(40));
    assert.equal(config.tokenTtlSeconds, 600);
    assert.equal(config.loginPrivateKey?.asymmetricKeyType, 'rsa');
    assert.equal(config.debug, true);
    assert.equal(config.checkResponses, true);
    assert.equal(config.answerCacheBytes, 0);
    assert.deepEqual(config.loginRateLimit, { maxFailures: 5, maxFailuresPerAddress: 20, windowSeconds: 600 });
    assert.deepEqual(config.trustProxy, ['10.0.0.1', '10.1.0.0/16', '::1']);
    assert.deepEqual(config.db, { connectMs: 1000, statementMs: 2000, lockMs: 500, idleInTransactionMs: 3000 });
    assert.equal(config.requestTimeoutMs, 30_000);
    assert.deepEqual(config.metrics, { port: 9464, host: '10.0.0.5', token: 'm'.repeat(32) });
    assert.equal(config.live.streamsPerUser, 4);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
    assert.equal(loadConfig({ TRUST_PROXY: '0' }).trustProxy, false);
  });

  it('fails fast, naming every variable to fix', () => {
    assert.throws(
      () =>
        loadConfig({
          API_PORT: 'http',
          DATABASE_URL: 'mysql://db',
          CORS_ORIGINS: 'localhost:3000',
          TOKEN_SECRET: 'short',
          TOKEN_TTL_SECONDS: '-5',
          LOGIN_PRIVATE_KEY_FILE: '/nonexistent/key.pem',
          API_DEBUG: 'yes',
          API_CACHE_MB: 'lots',
          TRUST_PROXY: 'proxy.local',
          LOGIN_MAX_FAILURES: '0',
          DB_STATEMENT_TIMEOUT_MS: 'forever',
          METRICS_PORT: 'prometheus',
          METRICS_TOKEN: 'too-short',
          SMTP_URL: 'mail.example.fr',
          APP_URL: 'bo.example.fr',
          NOTIFICATION_ROUND_MS: '10',
        }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        const names = [
          'API_PORT',
          'DATABASE_URL',
          'CORS_ORIGINS',
          'TOKEN_SECRET',
          'TOKEN_TTL_SECONDS',
          'LOGIN_PRIVATE_KEY_FILE',
          'API_DEBUG',
          'API_CACHE_MB',
          'TRUST_PROXY',
          'LOGIN_MAX_FAILURES',
          'DB_STATEMENT_TIMEOUT_MS',
          'METRICS_PORT',
          'METRICS_TOKEN',
          'SMTP_URL',
          'APP_URL',
          'NOTIFICATION_ROUND_MS',
        ];
        assert.equal(error.problems.length, names.length);
        for (const name of names) assert.match(error.message, new RegExp(`${name} must`));
        return true;
      },
    );
  });

  it('keeps the metrics off the API port and refuses a metrics host without its port', () => {
    for (const env of [
      { API_PORT: '4000', METRICS_PORT: '4000' },
      { METRICS_HOST: '0.0.0.0' },
      { METRICS_PORT: '9464', METRICS_HOST: 'bad host' },
      { METRICS_TOKEN: `${'m'.repeat(32)} x` },
    ]) {
      assert.throws(
        () => loadConfig(env, '/srv/app'),
        (error: unknown) => error instanceof ConfigError && /METRICS_/.test(error.message),
      );
    }
  });

  it('refuses the documentation’s plain-password login in production', () => {
    assert.equal(loadConfig({ API_DOCS_PLAIN_LOGIN: '1' }, '/srv/app').docsPlainLogin, true);
    assert.throws(() => loadConfig({ API_DOCS_PLAIN_LOGIN: '1', NODE_ENV: 'production' }, '/srv/app'), ConfigError);
    assert.throws(() => loadConfig({ API_DOCS_PLAIN_LOGIN: 'yes' }, '/srv/app'), ConfigError);
  });

  it('reads the token secret and the login key being rotated, and refuses them wrong', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bo-config-'));
    const keyFile = (name: string) => {
      const file = path.join(dir, name);
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }));
      return file;
    };
    const [current, previous] = [keyFile('new.pem'), keyFile('old.pem')];
    const config = loadConfig({
      TOKEN_SECRET: 'n'.repeat(40),
      TOKEN_SECRET_PREVIOUS: 'o'.repeat(40),
      LOGIN_PRIVATE_KEY_FILE: current,
      LOGIN_PREVIOUS_PRIVATE_KEY_FILE: previous,
    });
    assert.equal(config.tokenSecretPrevious, 'o'.repeat(40));
    assert.equal(config.loginPreviousPrivateKey?.asymmetricKeyType, 'rsa');
    // With the secret kept in the database, a previous one may be given alone.
    assert.equal(loadConfig({ TOKEN_SECRET_PREVIOUS: 'o'.repeat(40) }).tokenSecretPrevious, 'o'.repeat(40));
    const refused = (env: Record<string, string>, message: RegExp) =>
      assert.throws(
        () => loadConfig(env),
        (error: unknown) => error instanceof ConfigError && message.test(error.message),
      );
    refused({ TOKEN_SECRET_PREVIOUS: 'short' }, /TOKEN_SECRET_PREVIOUS must be at least 32 characters/);
    refused(
      { TOKEN_SECRET: 'x'.repeat(40), TOKEN_SECRET_PREVIOUS: 'x'.repeat(40) },
      /TOKEN_SECRET_PREVIOUS must differ from TOKEN_SECRET/,
    );
    refused(
      { LOGIN_PREVIOUS_PRIVATE_KEY_FILE: previous },
      /LOGIN_PREVIOUS_PRIVATE_KEY_FILE needs LOGIN_PRIVATE_KEY_FILE/,
    );
    refused(
      { LOGIN_PRIVATE_KEY_FILE: current, LOGIN_PREVIOUS_PRIVATE_KEY_FILE: '/nonexistent/old.pem' },
      /LOGIN_PREVIOUS_PRIVATE_KEY_FILE must name a readable RSA private key/,
    );
  });
});
