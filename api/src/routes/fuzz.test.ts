import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { endpoints, isErrorCode, type Endpoint } from '@bo/contracts/all';
import { openSeededSuite, type SeededSuite } from '../test/fixtures';
import { malformedRequests } from '../test/fuzz';
import { snapshot, testEngines } from '../test/harness';

// Every call of the contract's endpoint table, with malformed values of every kind in each of its path
// parameters, query fields and body fields, and malformed bodies: a 4xx with a catalogue code each time, never a
// 5xx, and the database as it was.
for (const engine of testEngines()) {
  describe(`malformed requests on every call on ${engine}`, () => {
    let suite: SeededSuite;
    before(async () => {
      suite = await openSeededSuite(engine);
    });
    after(() => suite.close());

    for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
      it(`${endpoint.method} ${endpoint.path} (${name})`, async () => {
        const before = await snapshot(suite.database.db);
        const requests = malformedRequests(name, endpoint);
        assert.ok(requests.length > 0);
        const wrong: string[] = [];
        for (const request of requests) {
          const response = await suite.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: { accept: 'application/json', authorization: suite.tokens.ADM, ...request.headers },
            payload: request.payload,
          });
          let code: unknown;
          try {
            code = (response.json() as { errors: { message: unknown }[] }).errors[0]?.message;
          } catch {
            code = undefined;
          }
          if (response.statusCode < 400 || response.statusCode >= 500 || !isErrorCode(code)) {
            wrong.push(`${request.label} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
          }
        }
        assert.deepEqual(
          wrong,
          [],
          `${wrong.length} of ${requests.length} requests were not refused with a 4xx and a catalogue code`,
        );
        assert.equal(await snapshot(suite.database.db), before, 'the database changed');
      });
    }

    it('answers a plain OPTIONS (no Origin) on every path with the envelope', async () => {
      for (const endpoint of Object.values(endpoints) as Endpoint[]) {
        const url = endpoint.path.replace(/:[A-Za-z]+/g, '1');
        const response = await suite.app.inject({ method: 'OPTIONS', url });
        assert.equal(response.statusCode, 200, url);
        assert.match(String(response.headers['content-type']), /^application\/json/);
        assert.deepEqual(response.json(), { data: null, errors: [] });
        assert.match(String(response.headers.allow), new RegExp(endpoint.method));
      }
      const unknown = await suite.app.inject({ method: 'OPTIONS', url: '/nowhere' });
      assert.equal(unknown.statusCode, 404);
      assert.deepEqual(unknown.json().errors, [{ message: 'unknownCommand' }]);
    });
  });
}
