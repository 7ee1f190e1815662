import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addDays, isValidRegistrationId, patterns, userSchema } from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  call,
  createTestApp,
  createTestDatabase,
  testEngines,
  testPasswordHashing,
  type TestDatabase,
} from '../test/harness';
import { DEMO_PASSWORD, isDatabaseEmpty, seedDemo, type SeedSummary } from './seed';

const today = '2026-03-15';

for (const engine of testEngines()) {
  describe(`demo data on ${engine}`, () => {
    let database: TestDatabase;
    let summary: SeedSummary;
    let app: FastifyInstance;

    before(async () => {
      database = await createTestDatabase(engine);
      assert.equal(await isDatabaseEmpty(database.db), true);
      summary = await seedDemo(database.db, { passwordHashing: testPasswordHashing, today });
      app = await createTestApp(database.db);
    });
    after(async () => {
      await app.close();
      await database.close();
    });

    it('creates one user per role, DIR leading COM and REC, all with the demo password', async () => {
      assert.equal(await isDatabaseEmpty(database.db), false);
      assert.deepEqual(summary.users, ['ADM', 'DIR', 'COM', 'REC']);
      const roles: Record<string, string> = {};
      const leaders: Record<string, number | null> = {};
      const ids: Record<string, number> = {};
      for (const trigram of summary.users) {
        const answer = await call(app, 'POST', '/user/login', {
          fields: { trigram, password: DEMO_PASSWORD, save: 1 },
        });
        assert.equal(answer.status, 200, trigram);
        const user = userSchema.parse(answer.body.data);
        roles[trigram] = Object.entries(user.role).find(([, on]) => on)?.[0] ?? '';
        leaders[trigram] = user.leaderId;
        ids[trigram] = user.id;
      }
      assert.deepEqual(roles, { ADM: 'admin', DIR: 'businessLeader', COM: 'businessTeam', REC: 'recruitmentTeam' });
      assert.deepEqual(leaders, { ADM: null, DIR: null, COM: ids.DIR, REC: ids.DIR });
      const hashes = await database.db.selectFrom('app_user').select('password_hash').execute();
      assert.ok(hashes.every((row) => row.password_hash.startsWith('$argon2id$')));
    });

    it('creates ~40 companies with unique Luhn-valid SIRETs and some subsidiaries', async () => {
      const companies = await database.db.selectFrom('company').selectAll().execute();
      assert.ok(companies.length >= 35 && companies.length <= 45, String(companies.length));
      assert.ok(companies.every((company) => isValidRegistrationId(company.registration_id)));
      assert.equal(new Set(companies.map((company) => company.registration_id)).size, companies.length);
      assert.ok(companies.filter((company) => company.parent_id !== null).length >= 5);
    });

    it('creates 400 contacts, about a quarter en veille, owned by every user', async () => {
      const contacts = await database.db.selectFrom('contact').selectAll().execute();
      assert.equal(contacts.length, 400);
      const standby = contacts.filter((contact) => !contact.is_active).length;
      assert.ok(standby > 70 && standby < 130, String(standby));
      assert.equal(new Set(contacts.map((contact) => contact.owner_id)).size, 4);
      assert.ok(contacts.every((contact) => contact.phone === null || /^0033[1-9]\d{8}$/.test(contact.phone)));
      assert.ok(contacts.some((contact) => /[éèÉ]/.test(contact.first_name + contact.last_name)));
    });

    it('creates 8 task types with distinct valid colours', async () => {
      const tasks = await database.db.selectFrom('task').selectAll().execute();
      assert.equal(tasks.length, 8);
      assert.equal(new Set(tasks.map((task) => task.background_color)).size, 8);
      assert.ok(
        tasks.every((task) =>
          [task.background_color, task.border_color, task.color].every((colour) => patterns.colour.test(colour)),
        ),
      );
    });

    it('spreads todos over two months around today, past ones mostly accomplished, with consistent follow-ups', async () => {
      const todos = await database.db.selectFrom('todo').selectAll().execute();
      assert.equal(todos.length, summary.todos);
      assert.ok(todos.length > 300);
      assert.ok(todos.every((todo) => todo.deadline >= addDays(today, -61) && todo.deadline <= addDays(today, 61)));
      assert.ok(todos.some((todo) => todo.deadline > today && !todo.is_accomplished));
      const past = todos.filter((todo) => todo.deadline < today);
      assert.ok(past.filter((todo) => todo.is_accomplished).length > past.length / 2);
      const byId = new Map(todos.map((todo) => [todo.id, todo]));
      for (const todo of todos.filter((candidate) => candidate.replacement_id !== null)) {
        const next = byId.get(todo.replacement_id ?? 0);
        assert.ok(
          todo.is_accomplished &&
            next !== undefined &&
            next.contact_id === todo.contact_id &&
            next.deadline > todo.deadline,
        );
      }
      const pendingOnStandby = await sql<{ count: number }>`
        select count(*)::int as count from todo t join contact c on c.id = t.contact_id
        where not c.is_active and not t.is_accomplished`.execute(database.db);
      assert.equal(pendingOnStandby.rows[0].count, 0);
    });

    it('gives each needs sheet the statuses it went through: the first when received, its current one last, none ahead', async () => {
      const sheets = await database.db.selectFrom('needs_sheet').select(['id', 'status_id', 'received_date']).execute();
      assert.equal(sheets.length, summary.needsSheets);
      const [first] = await database.db
        .selectFrom('needs_sheet_status')
        .select('id')
        .orderBy('display_order')
        .limit(1)
        .execute();
      const steps = await database.db
        .selectFrom('needs_sheet_status_change')
        .selectAll()
        .orderBy('changed_at')
        .orderBy('id')
        .execute();
      const now = Date.now();
      for (const sheet of sheets) {
        const own = steps.filter((step) => step.needs_sheet_id === sheet.id);
        assert.equal(own[0]?.status_id, first.id);
        assert.equal(own.at(-1)?.status_id, sheet.status_id);
        assert.ok(
          own.every((step) => step.changed_at.getTime() <= now),
          'no status entered in the future',
        );
      }
      const filled = await sql<{ count: number }>`
        select count(*)::int as count from needs_sheet s join needs_sheet_status st on st.id = s.status_id where st.fills`.execute(
        database.db,
      );
      assert.ok(filled.rows[0].count > 0, 'some sheets are filled');
    });
  });
}
