import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { openSeededSuite, type SeededSuite } from '../test/fixtures';
import { call, FIXTURE_PASSWORD, testEngines } from '../test/harness';

for (const engine of testEngines()) {
  describe(`wire protocol on ${engine}`, () => {
    let suite: SeededSuite;
    before(async () => {
      suite = await openSeededSuite(engine);
    });
    after(() => suite.close());

    it('marks every answer that carries a token Cache-Control: no-store, errors included', async () => {
      const login = await call(suite.app, 'POST', '/user/login', { fields: { trigram: 'COM', password: FIXTURE_PASSWORD } });
      assert.equal(login.headers['cache-control'], 'no-store');
      for (const url of ['/user', '/todos', '/user/contacts/standby', '/todo/987654/store']) {
        const answer = await call(suite.app, url.endsWith('store') ? 'POST' : 'GET', url, { token: suite.tokens.DIR, fields: url.endsWith('store') ? { deadline: '2026-01-01' } : undefined });
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
      const form = await call(suite.app, 'PATCH', '/user/settings', { token: suite.tokens.COM, fields: { layout: 'horizontal' } });
      assert.equal(form.status, 415);
    });

    it('stops reading a 10 MB field sent without a length, and answers 413', async () => {
      const address = await suite.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = suite.app.server.address() as AddressInfo;
      assert.ok(address.length > 0);
      const boundary = 'limitboundary';
      const answer = await new Promise<{ status: number; body: string; sent: number }>((resolve) => {
        let sent = 0;
        const req = httpRequest(
          { host: '127.0.0.1', port, method: 'POST', path: '/user/login', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' } },
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
