import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ICAL from 'ical.js';
import { addDays, toBusinessIsoDate } from '@bo/contracts/all';
import { foldLine } from '../../calendar/text-lines';
import { addTodo, openSeededSuite, type SeededSuite } from '../../test/fixtures';
import { call, createTestApp, testEngines } from '../../test/harness';

describe('content lines', () => {
  it('folds at 75 octets without cutting a UTF-8 character', () => {
    const folded = foldLine(`SUMMARY:${'é'.repeat(60)}`);
    for (const line of folded.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75);
    assert.equal(folded.replace(/\r\n /g, ''), `SUMMARY:${'é'.repeat(60)}`);
    // Four-octet characters (two UTF-16 units) are never cut either, and short or plain lines are left whole.
    const mixed = `DESCRIPTION:${'a😀€'.repeat(30)}`;
    const lines = foldLine(mixed).split('\r\n');
    for (const line of lines) assert.ok(Buffer.byteLength(line) <= 75 && !/[\ud800-\udbff]$/.test(line), line);
    assert.equal(lines.map((line, index) => (index === 0 ? line : line.slice(1))).join(''), mixed);
    assert.equal(foldLine(`UID:${'x'.repeat(70)}`), `UID:${'x'.repeat(70)}`);
    assert.equal(foldLine(`UID:${'x'.repeat(72)}`).split('\r\n').length, 2);
  });
});

for (const engine of testEngines()) {
  describe(`calendar feed and vCard on ${engine}`, () => {
    let suite: SeededSuite;
    before(async () => {
      suite = await openSeededSuite(engine);
    });
    after(() => suite.close());

    const feedPath = (url: string) => new URL(url).pathname;
    const fetchFeed = (path: string) => suite.app.inject({ method: 'GET', url: path });

    it('makes a private feed whose events a calendar parser reads back, escaping included', async () => {
      const { users, tasks, active } = suite.fixture;
      const today = toBusinessIsoDate(new Date());
      await addTodo(suite.database.db, {
        contact_id: active.COM,
        task_id: tasks.mail,
        owner_id: users.COM,
        deadline: addDays(today, 3),
        notes: 'Rappeler; puis écrire, demander le devis\nen deux lignes',
      });
      const made = await call<{ url: string }>(suite.app, 'POST', '/user/calendar-feed', {
        token: suite.tokens.COM,
        fields: {},
      });
      assert.equal(made.status, 200);
      assert.match(made.body.data!.url, /^http:\/\/[^/]+\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
      const state = await call<{ enabled: boolean }>(suite.app, 'GET', '/user/calendar-feed', {
        token: suite.tokens.COM,
      });
      assert.equal(state.body.data?.enabled, true);

      const answer = await fetchFeed(feedPath(made.body.data!.url));
      assert.equal(answer.statusCode, 200);
      assert.match(String(answer.headers['content-type']), /^text\/calendar/);
      const calendar = new ICAL.Component(ICAL.parse(answer.body));
      const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
      // COM's pending todo (2026-03-10) and the new one; the accomplished one is older than 30 days.
      assert.deepEqual(
        events.map((event) => [event.startDate.toString(), event.startDate.isDate, event.summary]),
        [
          ['2026-03-10', true, 'Appel de suivi — Paul Durand COM'],
          [addDays(today, 3), true, 'Relance email — Paul Durand COM'],
        ],
      );
      assert.equal(events[1].description, 'Rappeler; puis écrire, demander le devis\nen deux lignes\nSociété Test');
      assert.equal(events[1].endDate.toString(), addDays(today, 4));
      assert.match(events[0].uid, /^todo-\d+@back-office$/);
    });

    it('is kept by no cache, stamped at the time it is read, and shows a changed todo with a higher SEQUENCE and LAST-MODIFIED', async () => {
      const { users, tasks, active } = suite.fixture;
      const deadline = addDays(toBusinessIsoDate(new Date()), 5);
      const id = await addTodo(suite.database.db, {
        contact_id: active.DIR,
        task_id: tasks.mail,
        owner_id: users.DIR,
        deadline,
        notes: 'Avant',
      });
      const made = await call<{ url: string }>(suite.app, 'POST', '/user/calendar-feed', {
        token: suite.tokens.DIR,
        fields: {},
      });
      const readEvent = async () => {
        const before = Date.now();
        const answer = await fetchFeed(feedPath(made.body.data!.url));
        assert.equal(answer.statusCode, 200);
        assert.equal(answer.headers['cache-control'], 'private, no-store');
        const calendar = new ICAL.Component(ICAL.parse(answer.body));
        const component = calendar
          .getAllSubcomponents('vevent')
          .find((event) => event.getFirstPropertyValue('uid') === `todo-${id}@back-office`);
        assert.ok(component);
        const stamp = (component.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().getTime();
        // DTSTAMP is the feed's time, to the second.
        assert.ok(
          stamp >= Math.floor(before / 1000) * 1000 && stamp <= Date.now(),
          `DTSTAMP ${stamp} not the time of the feed`,
        );
        return {
          sequence: Number(component.getFirstPropertyValue('sequence')),
          lastModified: (component.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().getTime(),
          description: new ICAL.Event(component).description,
        };
      };
      const first = await readEvent();
      assert.equal(first.sequence, 0);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const saved = await call(suite.app, 'POST', `/todo/${id}/store`, {
        token: suite.tokens.DIR,
        fields: { deadline, notes: 'Après' },
      });
      assert.equal(saved.status, 200);
      const second = await readEvent();
      assert.equal(second.description.split('\n')[0], 'Après');
      assert.ok(second.sequence > first.sequence, `SEQUENCE ${second.sequence} after ${first.sequence}`);
      assert.ok(second.lastModified > first.lastModified, 'LAST-MODIFIED moved on');
      // Reading the feed again changes nothing of the event but its stamp.
      assert.equal((await readEvent()).sequence, second.sequence);
    });

    it('gives the address the browser used behind a declared proxy, its path prefix and port included', async () => {
      // Behind nginx (docs/production.md): one origin, the API under /api, no CORS.
      const proxied = await createTestApp(suite.database.db, { trustProxy: ['127.0.0.1'], corsOrigins: [] });
      const headers = { host: 'crm.example.fr:8443', 'x-forwarded-proto': 'https', 'x-forwarded-prefix': '/api' };
      try {
        const made = await call<{ url: string }>(proxied, 'POST', '/user/calendar-feed', {
          token: suite.tokens.DIR,
          fields: {},
          headers,
        });
        const url = made.body.data!.url;
        assert.match(url, /^https:\/\/crm\.example\.fr:8443\/api\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
        await addTodo(suite.database.db, {
          contact_id: suite.fixture.active.COM,
          task_id: suite.fixture.tasks.mail,
          owner_id: suite.fixture.users.DIR,
          deadline: addDays(toBusinessIsoDate(new Date()), 2),
        });
        const feed = await proxied.inject({ method: 'GET', url: feedPath(url).replace(/^\/api/, ''), headers });
        const events = new ICAL.Component(ICAL.parse(feed.body)).getAllSubcomponents('vevent');
        assert.ok(events.length > 0);
        for (const event of events) {
          assert.match(
            String(event.getFirstPropertyValue('url')),
            /^https:\/\/crm\.example\.fr:8443\/agenda\?todo=\d+$/,
          );
        }
      } finally {
        await proxied.close();
      }
      // Without a declared proxy the prefix is a caller's word, and ignored.
      const direct = await call<{ url: string }>(suite.app, 'POST', '/user/calendar-feed', {
        token: suite.tokens.DIR,
        fields: {},
        headers: { 'x-forwarded-prefix': '/elsewhere' },
      });
      assert.doesNotMatch(direct.body.data!.url, /elsewhere/);
    });

    it('stops the old URL at once when made anew, and answers a bad token as an unknown path', async () => {
      const first = await call<{ url: string }>(suite.app, 'POST', '/user/calendar-feed', {
        token: suite.tokens.REC,
        fields: {},
      });
      const second = await call<{ url: string }>(suite.app, 'POST', '/user/calendar-feed', {
        token: suite.tokens.REC,
        fields: {},
      });
      assert.equal((await fetchFeed(feedPath(second.body.data!.url))).statusCode, 200);
      const old = await fetchFeed(feedPath(first.body.data!.url));
      const unknown = await fetchFeed('/nowhere/at-all');
      assert.deepEqual([old.statusCode, old.json()], [unknown.statusCode, unknown.json()]);
      assert.equal((await fetchFeed('/ical/not-a-token.ics')).statusCode, 404);
      await call(suite.app, 'POST', '/user/calendar-feed/delete', { token: suite.tokens.REC, fields: {} });
      assert.equal((await fetchFeed(feedPath(second.body.data!.url))).statusCode, 404);
      const state = await call<{ enabled: boolean }>(suite.app, 'GET', '/user/calendar-feed', {
        token: suite.tokens.REC,
      });
      assert.equal(state.body.data?.enabled, false);
    });

    it('gives a contact as a vCard 4.0 a parser reads back', async () => {
      const created = await call<{ id: number }>(suite.app, 'POST', '/contact/store', {
        token: suite.tokens.COM,
        fields: {
          title: 'madam',
          firstName: 'Anaïs',
          lastName: 'Dupont, Martin',
          jobTitle: 'DRH',
          email: 'anais.dupont@example.fr',
          phone: '0033612345678',
          companyId: suite.fixture.company,
          ownerId: suite.fixture.users.COM,
        },
      });
      const answer = await suite.app.inject({
        method: 'GET',
        url: `/contact/${created.body.data!.id}/vcard`,
        headers: { authorization: suite.tokens.REC },
      });
      assert.equal(answer.statusCode, 200);
      assert.match(String(answer.headers['content-disposition']), /filename="anais-dupont-martin\.vcf"/);
      const card = new ICAL.Component(ICAL.parse(answer.body));
      assert.equal(card.getFirstPropertyValue('version'), '4.0');
      assert.equal(card.getFirstPropertyValue('fn'), 'Anaïs Dupont, Martin');
      assert.deepEqual(card.getFirstPropertyValue('n'), ['Dupont, Martin', 'Anaïs', '', 'Madame', '']);
      assert.equal(card.getFirstPropertyValue('tel'), 'tel:+33612345678');
      assert.equal(card.getFirstPropertyValue('org'), 'Société Test');
    });
  });
}
