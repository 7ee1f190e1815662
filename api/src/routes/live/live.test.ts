import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { liveChangeSchema } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { openEventStream, type OpenStream } from '../../test/event-stream';
import { addTodo, seedFixture, type Fixture } from '../../test/fixtures';
import { call, createTestApp, createTestDatabase, login, testEngines, type TestDatabase } from '../../test/harness';

const HEARTBEAT_MS = 150;

// The next change of a table (a write may change others in the same transaction: a todo, its contact's next
// deadline).
async function nextChangeOf(stream: OpenStream, table: string) {
  for (;;) {
    const change = liveChangeSchema.parse((await stream.nextOf('change')).data);
    if (change.table === table) return change;
  }
}

async function listening(db: Db, overrides: Parameters<typeof createTestApp>[1] = {}) {
  const app = await createTestApp(db, { live: { streamsPerUser: 3, heartbeatMs: HEARTBEAT_MS }, ...overrides });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  assert.ok(address !== null && typeof address === 'object');
  return { app, url: `http://127.0.0.1:${address.port}` };
}

for (const engine of testEngines()) {
  describe(`live changes on ${engine}`, () => {
    let database: TestDatabase;
    let fixture: Fixture;
    let app: FastifyInstance;
    let url: string;
    const tokens: Record<string, string> = {};
    // A second connection to the database, as psql or another instance would write.
    let other: Db;
    const streams: OpenStream[] = [];
    const open = async (trigram: string, options: { lastEventId?: string; at?: string } = {}) => {
      const stream = await openEventStream(options.at ?? url, tokens[trigram], options);
      streams.push(stream);
      return stream;
    };
    const ready = async (trigram: string) => {
      const stream = await open(trigram);
      assert.equal(stream.status, 200);
      await stream.nextOf('ready');
      return stream;
    };
    const renameContact = (id: number, name: string) =>
      sql`update contact set last_name = ${name} where id = ${id}`.execute(other);
    const moveTodo = (id: number, deadline: string) =>
      sql`update todo set deadline = ${deadline} where id = ${id}`.execute(other);

    before(async () => {
      database = await createTestDatabase(engine);
      fixture = await seedFixture(database.db);
      ({ app, url } = await listening(database.db));
      for (const trigram of ['ADM', 'DIR', 'COM', 'REC', 'DIB', 'COB']) tokens[trigram] = await login(app, trigram);
      other = database.openAnother();
    });
    // Each test leaves no stream open: the server has seen every tab go.
    afterEach(async () => {
      for (const stream of streams.splice(0)) stream.close();
      for (let tries = 0; tries < 100 && app.live.hub.size() > 0; tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(app.live.hub.size(), 0);
    });
    after(async () => {
      await app.close();
      await database.close();
    });

    it('tells an open stream of a change committed by anyone, with the record and its new version', async () => {
      const stream = await ready('COM');
      assert.match(String(stream.headers.get('content-type')), /^text\/event-stream/);
      // The stream keeps no session alive: its answer carries no fresh token.
      assert.equal(stream.headers.get('authorization'), null);
      const contact = fixture.active.DIR;
      await renameContact(contact, 'Renommé');
      const { version } = await other
        .selectFrom('contact')
        .select('version')
        .where('id', '=', contact)
        .executeTakeFirstOrThrow();
      const change = await stream.nextOf('change');
      assert.deepEqual(liveChangeSchema.parse(change.data), {
        table: 'contact',
        op: 'update',
        records: [[contact, version]],
        edited: true,
      });
      assert.match(String(change.id), /^\d+$/);
      // Written again with nothing a person edits changed (its version stays): said so, for the pages of other
      // tables to leave it.
      await renameContact(contact, 'Renommé');
      assert.deepEqual(liveChangeSchema.parse((await stream.nextOf('change')).data), {
        table: 'contact',
        op: 'update',
        records: [[contact, version]],
        edited: false,
      });
    });

    it('never tells of a change rolled back', async () => {
      const stream = await ready('COM');
      await other
        .transaction()
        .execute(async (tx) => {
          await sql`update contact set last_name = 'Jamais' where id = ${fixture.active.COM}`.execute(tx);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      assert.equal(await stream.quietFor(500), true);
    });

    it('tells a todo to its owner, their leader and the admins, and to nobody else', async () => {
      const streamsOf = Object.fromEntries(
        await Promise.all(['ADM', 'DIR', 'COM', 'REC', 'DIB', 'COB'].map(async (t) => [t, await ready(t)] as const)),
      );
      // DIR accomplishes COM's todo through the API, as the agenda does.
      const done = await call(app, 'POST', `/todo/${fixture.pending.COM}/store`, {
        token: tokens.DIR,
        fields: { deadline: '2026-03-10', isAccomplished: true },
      });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      for (const trigram of ['ADM', 'DIR', 'COM']) {
        const change = await nextChangeOf(streamsOf[trigram], 'todo');
        assert.deepEqual(
          change.records?.map(([id]) => id),
          [fixture.pending.COM],
          trigram,
        );
      }
      // Another team's todo: its leader DIB hears of it, DIR's team does not. Then a change everyone sees, so that
      // a stream that heard nothing in between shows it filtered the todo out rather than being slow.
      await moveTodo(fixture.pending.COB, '2026-03-11');
      await sql`update task set description = description where id = ${fixture.tasks.retired}`.execute(other);
      for (const trigram of ['REC', 'COM', 'DIR']) {
        const seen = [];
        for (;;) {
          const change = liveChangeSchema.parse((await streamsOf[trigram].nextOf('change')).data);
          seen.push(change.table);
          if (change.table === 'task') break;
        }
        assert.ok(!seen.includes('todo'), `${trigram} heard of COB's todo`);
      }
      for (const trigram of ['DIB', 'COB', 'ADM']) {
        const change = await nextChangeOf(streamsOf[trigram], 'todo');
        assert.deepEqual(
          change,
          { table: 'todo', op: 'update', records: [[fixture.pending.COB, 1]], edited: true },
          trigram,
        );
      }
      for (const stream of Object.values(streamsOf)) stream.close();
    });

    it('names no record past 50 written by one statement: the page reloads the table', async () => {
      const stream = await ready('ADM');
      await sql`update contact set last_name = last_name || '' where true`.execute(other);
      const count = await other
        .selectFrom('contact')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const change = liveChangeSchema.parse((await stream.nextOf('change')).data);
      assert.equal(change.table, 'contact');
      if (Number(count.n) > 50) assert.equal(change.records, null);
      else assert.equal(change.records?.length, Number(count.n));
    });

    it('resumes after a cut from the last event seen, and says reset when it cannot', async () => {
      const first = await ready('COM');
      await renameContact(fixture.active.COM, 'Avant');
      const seen = await first.nextOf('change');
      first.close();
      // While the browser is away, two changes.
      await renameContact(fixture.active.COM, 'Pendant 1');
      await renameContact(fixture.standby.COM, 'Pendant 2');
      const resumed = await open('COM', { lastEventId: String(seen.id) });
      const missed = [await resumed.nextOf('change'), await resumed.nextOf('change')];
      assert.deepEqual(
        missed.map((event) => liveChangeSchema.parse(event.data).records?.[0][0]),
        [fixture.active.COM, fixture.standby.COM],
      );
      assert.ok(Number(missed[0].id) > Number(seen.id));
      await resumed.nextOf('ready');
      resumed.close();

      const lost = await open('COM', { lastEventId: '999999999' });
      assert.equal((await lost.next())?.event, 'reset');
      assert.equal((await lost.next())?.event, 'ready');
      lost.close();
    });

    it('ends when the session ends, and when the token expires', async () => {
      const token = await login(app, 'REC');
      const stream = await openEventStream(url, token);
      streams.push(stream);
      await stream.nextOf('ready');
      const out = await call(app, 'POST', '/user/logout', { token, fields: {} });
      assert.equal(out.status, 200);
      assert.deepEqual((await stream.nextOf('end', HEARTBEAT_MS * 10)).data, { reason: 'session' });
      assert.equal(await stream.next(), null);
      // A token that ended is refused as on any call.
      const again = await openEventStream(url, token);
      assert.equal(again.status, 401);
      assert.deepEqual(again.refusal, { data: null, errors: [{ message: 'tokenBlacklisted' }] });

      const short = await listening(database.db, { tokenTtlSeconds: 2 });
      try {
        const shortLived = await login(short.app, 'REC');
        const shortStream = await openEventStream(short.url, shortLived);
        streams.push(shortStream);
        await shortStream.nextOf('ready');
        assert.deepEqual((await shortStream.nextOf('end', 5_000)).data, { reason: 'expired' });
      } finally {
        await short.app.close();
      }
    });

    it('holds a bounded number of streams per user on an instance', async () => {
      const token = await login(app, 'DIB');
      const held = [];
      for (let i = 0; i < 3; i += 1) {
        const stream = await openEventStream(url, token);
        streams.push(stream);
        await stream.nextOf('ready');
        held.push(stream);
      }
      const refused = await openEventStream(url, token);
      assert.equal(refused.status, 429);
      assert.deepEqual(refused.refusal, { data: null, errors: [{ message: 'notAllowed' }] });
      held[0].close();
      // Once the server has seen the tab go, another may open.
      let reopened: OpenStream | null = null;
      for (let tries = 0; tries < 50 && reopened === null; tries += 1) {
        const stream = await openEventStream(url, token);
        if (stream.status === 200) reopened = stream;
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.ok(reopened !== null);
      streams.push(reopened);
      for (const stream of [...held, reopened]) stream.close();
    });

    it('tells who has a record open, on every instance, until they leave it or their stream goes', async () => {
      const second = await listening(database.openAnother());
      try {
        const watcher = await open('DIR', { at: second.url });
        await watcher.nextOf('ready');
        const record = `contact:${fixture.active.COM}`;
        const tab = 'tab-of-com-1';
        const com = await openEventStream(url, tokens.COM, { tab });
        streams.push(com);
        await com.nextOf('ready');
        const said = await call(app, 'POST', '/events/presence', { token: tokens.COM, fields: { tab, record } });
        assert.equal(said.status, 200, JSON.stringify(said.body));
        assert.equal(said.token, undefined, 'a tab saying where it is keeps no session alive');
        const name = 'Prénom COM Nom COM';
        assert.deepEqual((await watcher.nextOf('presence')).data, {
          tab,
          userId: fixture.users.COM,
          name,
          record,
          present: true,
        });
        // A stream opened now is told who is there.
        const late = await open('REC', { at: second.url });
        await late.nextOf('ready');
        assert.deepEqual((await late.nextOf('presence')).data, {
          tab,
          userId: fixture.users.COM,
          name,
          record,
          present: true,
        });
        // The panel closed: gone at once.
        await call(app, 'POST', '/events/presence', { token: tokens.COM, fields: { tab } });
        assert.equal((await watcher.nextOf('presence')).data.present, false);
        // Open again, then the tab itself goes (its stream closes): gone too.
        await call(app, 'POST', '/events/presence', { token: tokens.COM, fields: { tab, record } });
        assert.equal((await watcher.nextOf('presence')).data.present, true);
        com.close();
        assert.deepEqual((await watcher.nextOf('presence')).data, {
          tab,
          userId: fixture.users.COM,
          name,
          record,
          present: false,
        });
        // Nobody may speak for another user's tab, nor name something that is not a record.
        const bad = await call(app, 'POST', '/events/presence', {
          token: tokens.COM,
          fields: { tab, record: 'todo:1' },
        });
        assert.equal(bad.status, 422);
      } finally {
        await second.app.close();
      }
    });

    it('reaches the streams of another instance, and ends them when that instance stops', async () => {
      const second = await listening(database.openAnother());
      const stream = await open('COM', { at: second.url });
      await stream.nextOf('ready');
      // Written through the first instance's connection.
      const id = await addTodo(database.db, {
        contact_id: fixture.active.COM,
        task_id: fixture.tasks.call,
        owner_id: fixture.users.COM,
        deadline: '2026-03-12',
      });
      assert.deepEqual(await nextChangeOf(stream, 'todo'), {
        table: 'todo',
        op: 'insert',
        records: [[id, 0]],
        edited: true,
      });
      const closing = second.app.close();
      assert.deepEqual((await stream.nextOf('end')).data, { reason: 'stopping' });
      await closing;
    });
  });
}
