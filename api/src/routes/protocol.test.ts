import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { openSeededSuite, type SeededSuite } from '../test/fixtures';
import { call, createTestApp, FIXTURE_PASSWORD, testEngines } from '../test/harness';

for (const engine of testEngines()) {
  describe(`wire protocol on ${engine}`, () => {
    let suite: SeededSuite;
    before(async () => {
      suite = await openSeededSuite(engine);
    });
    after(() => suite.close());

    it('marks every answer that carries a token Cache-Control: no-store, errors included', async () => {
      const login = await call(suite.app, 'POST', '/user/login', {
        fields: { trigram: 'COM', password: FIXTURE_PASSWORD },
      });
      assert.equal(login.headers['cache-control'], 'no-store');
      for (const url of ['/user', '/todos', '/user/contacts/standby', '/todo/987654/store']) {
        const answer = await call(suite.app, url.endsWith('store') ? 'POST' : 'GET', url, {
          token: suite.tokens.DIR,
          fields: url.endsWith('store') ? { deadline: '2026-01-01' } : undefined,
        });
        assert.ok(answer.token !== undefined, url);
        assert.equal(answer.headers['cache-control'], 'no-store', url);
      }
    });

    it('refuses a JSON body on a multipart call with 415, and multipart on a JSON call', async () => {
      const json = await suite.app.inject({
        method: 'POST',
        url: '/user/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ trigram: 'COM', password: FIXTURE_PASSWORD }),
      });
      assert.equal(json.statusCode, 415);
      assert.deepEqual(json.json().errors, [{ message: 'dataInvalid' }]);
      const form = await call(suite.app, 'PATCH', '/user/settings', {
        token: suite.tokens.COM,
        fields: { layout: 'horizontal' },
      });
      assert.equal(form.status, 415);
    });

    it('refuses JSON nested thousands deep with dataInvalid, changing nothing', async () => {
      const before = await call(suite.app, 'GET', '/user', { token: suite.tokens.COM });
      // 8 KB: far below the size limit, 4 000 levels deep.
      for (const payload of [
        `{"layout":${'['.repeat(4000)}${']'.repeat(4000)}}`,
        `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
      ]) {
        const answer = await suite.app.inject({
          method: 'PATCH',
          url: '/user/settings',
          headers: { 'content-type': 'application/json', authorization: suite.tokens.COM },
          payload,
        });
        assert.equal(answer.statusCode, 422, answer.body);
        assert.equal(answer.json().errors[0].message, 'dataInvalid');
      }
      const after = await call(suite.app, 'GET', '/user', { token: suite.tokens.COM });
      assert.deepEqual(after.body.data, before.body.data);
    });

    it('answers 408 and closes the connection of a body sent too slowly, within the request timeout', async () => {
      const timeoutMs = 1000;
      const app = await createTestApp(suite.database.db, { requestTimeoutMs: timeoutMs });
      try {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = app.server.address() as AddressInfo;
        const started = Date.now();
        const answer = await new Promise<{ text: string; closedAfterMs: number }>((resolve, reject) => {
          let text = '';
          const socket = connect(port, '127.0.0.1', () => {
            // A login announcing 100 KB, of which 80 bytes come, and then nothing.
            socket.write(
              'POST /user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=slow\r\n' +
                `Content-Length: ${100 * 1024}\r\n\r\n${'--slow\r\nContent-Disposition: form-data; name="trigram"\r\n\r\nCOM\r\n--slow\r\n'.padEnd(80, 'x')}`,
            );
          });
          socket.setEncoding('utf8');
          socket.on('data', (chunk: string) => (text += chunk));
          socket.on('error', reject);
          socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
          // A server that never answers fails the test rather than hanging it.
          setTimeout(() => socket.destroy(new Error('no answer after 10 s')), 10_000).unref();
        });
        assert.match(answer.text, /^HTTP\/1\.1 408 /);
        assert.deepEqual(JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4)), {
          data: null,
          errors: [{ message: 'commandTimeout' }],
        });
        // Node checks the connections at a quarter of the timeout: answered within the timeout and one check.
        assert.ok(
          answer.closedAfterMs >= timeoutMs && answer.closedAfterMs < timeoutMs * 1.5 + 500,
          `closed after ${answer.closedAfterMs} ms`,
        );
      } finally {
        await app.close();
      }
    });

    it('stops reading a 10 MB field sent without a length, and answers 413', async () => {
      const address = await suite.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = suite.app.server.address() as AddressInfo;
      assert.ok(address.length > 0);
      const boundary = 'limitboundary';
      const answer = await new Promise<{ status: number; body: string; sent: number }>((resolve) => {
        let sent = 0;
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/user/login',
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sent }));
          },
        );
        // The server closes the connection once it has answered: the rest of the upload fails, as it should.
        req.on('error', () => undefined);
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n`);
        const chunk = 'a'.repeat(64 * 1024);
        // Up to 10 MB, chunk by chunk, as long as the server has not answered.
        const pump = () => {
          while (sent < 10 * 1024 * 1024 && !req.destroyed) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          req.end(`\r\n--${boundary}--\r\n`);
        };
        pump();
      });
      assert.equal(answer.status, 413);
      assert.deepEqual(JSON.parse(answer.body).errors, [{ message: 'dataInvalid' }]);
      // Answered long before the 10 MB were sent.
      assert.ok(answer.sent < 4 * 1024 * 1024, `${answer.sent} bytes sent before the answer`);
    });
  });
}
