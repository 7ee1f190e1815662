import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  addDays,
  needsSheetReference,
  toBusinessIsoDate,
  type ListPage,
  type NeedsSheet,
  type NeedsSheetSearchItem,
} from '@bo/contracts/all';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { lastReferenceNumber } from '../src/db/needs-sheet-references';
import {
  call,
  createTestApp,
  createTestDatabase,
  testEngines,
  testPasswordHashing,
  type TestDatabase,
} from '../src/test/harness';
import { BENCH_LEADER, LARGE_PASSWORD, seedLarge } from './seed-large';
import { seedLargeNeedsSheets } from './seed-large-needs';

// The benchmark's needs sheets on a small large dataset: what the app would have made, and what it can go on from.
const scale = { leaders: 2, membersPerLeader: 6, companies: 60, contacts: 300, todos: 50 };
const count = 3000;

for (const engine of testEngines()) {
  describe(`the large dataset's needs sheets on ${engine}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let token: string;

    before(async () => {
      database = await createTestDatabase(engine);
      await seedLarge(database.db, scale, { passwordHashing: testPasswordHashing });
      assert.equal(await seedLargeNeedsSheets(database.db, count), count);
      app = await createTestApp(database.db);
      const login = await call(app, 'POST', '/user/login', {
        fields: { trigram: BENCH_LEADER, password: LARGE_PASSWORD, save: 0 },
      });
      assert.equal(login.status, 200);
      token = login.token ?? '';
    });
    after(async () => {
      await app.close();
      await database.close();
    });

    it('adds nothing when the sheets are there', async () => {
      assert.equal(await seedLargeNeedsSheets(database.db, count), 0);
      const { rows } = await sql<{ n: string }>`select count(*) as n from needs_sheet`.execute(database.db);
      assert.equal(Number(rows[0].n), count);
    });

    it("writes each sheet for a contact of its company, owned by the business side, worked by the owner's team's recruiters", async () => {
      const { rows } = await sql<{
        wrong_contact: number;
        wrong_owner: number;
        wrong_recruiter: number;
        assigned: number;
      }>`
        select
          (select count(*) from needs_sheet s join contact k on k.id = s.contact_id where k.company_id <> s.company_id)::int as wrong_contact,
          (select count(*) from needs_sheet s join app_user u on u.id = s.owner_id where not (u.is_business_leader or u.is_business_team))::int as wrong_owner,
          (select count(*) from needs_sheet_recruiter r join needs_sheet s on s.id = r.needs_sheet_id join app_user o on o.id = s.owner_id
            join app_user u on u.id = r.user_id where not u.is_recruitment_team or u.leader_id <> coalesce(o.leader_id, o.id))::int as wrong_recruiter,
          (select count(distinct needs_sheet_id) from needs_sheet_recruiter)::int as assigned`.execute(database.db);
      const { assigned, ...wrong } = rows[0];
      assert.deepEqual(wrong, { wrong_contact: 0, wrong_owner: 0, wrong_recruiter: 0 });
      assert.ok(assigned > count * 0.6 && assigned < count * 0.8, String(assigned));
    });

    it('receives them over two years, mostly closed when old and open when recent', async () => {
      const today = toBusinessIsoDate(new Date());
      const { rows } = await sql<{ old: boolean; closed: string; total: string; first: string; last: string }>`
        select s.received_date < ${addDays(today, -90)}::date as old, count(*) filter (where st.closes) as closed, count(*) as total,
          min(s.received_date)::text as first, max(s.received_date)::text as last
        from needs_sheet s join needs_sheet_status st on st.id = s.status_id group by 1 order by 1`.execute(
        database.db,
      );
      const [recent, old] = rows;
      assert.ok(Number(old.closed) / Number(old.total) > 0.8, `${old.closed} of ${old.total} old sheets closed`);
      assert.ok(
        Number(recent.closed) / Number(recent.total) < 0.4,
        `${recent.closed} of ${recent.total} recent sheets closed`,
      );
      assert.ok(old.first >= addDays(today, -730) && recent.last <= today, `${old.first} to ${recent.last}`);
    });

    it('numbers them per year in the order they came in, and the app goes on from the last number', async () => {
      const { rows } = await sql<{ reference: string; year: number; n: number }>`
        select s.reference, extract(year from s.received_date)::int as year,
          row_number() over (partition by extract(year from s.received_date) order by s.id)::int as n
        from needs_sheet s order by s.id`.execute(database.db);
      assert.equal(rows.length, count);
      for (const row of rows) assert.equal(row.reference, needsSheetReference(row.year, row.n));
      const year = Number(toBusinessIsoDate(new Date()).slice(0, 4));
      const thisYear = rows.filter((row) => row.year === year);
      assert.ok(thisYear.length > 0);
      for (const numbered of new Set(rows.map((row) => row.year))) {
        assert.equal(
          await lastReferenceNumber(database.db, numbered),
          rows.filter((row) => row.year === numbered).length,
        );
      }

      const {
        rows: [client],
      } = await sql<{ contact_id: number; company_id: number; owner_id: number }>`
        select contact_id, company_id, owner_id from needs_sheet order by id desc limit 1`.execute(database.db);
      const created = await call<NeedsSheet>(app, 'POST', '/need/store', {
        token,
        fields: {
          companyId: client.company_id,
          contactId: client.contact_id,
          title: 'Développeur Java',
          seniority: 'confirmed',
          contractType: 'regie',
          positions: 1,
          priority: 'normal',
          ownerId: client.owner_id,
        },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal(created.body.data?.reference, needsSheetReference(year, thisYear.length + 1));
    });

    it('keeps the full-text vector the way the table keeps it, and the status changes the statistics read', async () => {
      const { rows } = await sql<{ stale: number; unmatched: number }>`
        select
          (select count(*) from needs_sheet where search_vector <> setweight(to_tsvector('bo_french', title), 'A')
            || setweight(to_tsvector('bo_french', array_to_string(skills, ' ') || ' ' || array_to_string(nice_to_have, ' ')), 'B')
            || setweight(to_tsvector('bo_french', description), 'C'))::int as stale,
          (select count(*) from needs_sheet s where s.status_id is distinct from (select c.status_id from needs_sheet_status_change c
            where c.needs_sheet_id = s.id order by c.changed_at desc, c.id desc limit 1))::int as unmatched`.execute(
        database.db,
      );
      assert.deepEqual(rows[0], { stale: 0, unmatched: 0 });
    });

    it('answers a ranked search for "développeur java" with snippets, among many more for "données"', async () => {
      const found = await call<ListPage<NeedsSheetSearchItem>>(app, 'GET', '/needs/search', {
        token,
        query: { q: 'développeur java' },
      });
      const data = found.body.data;
      assert.ok(data !== undefined && data !== null && data.total >= 20, JSON.stringify(found.body).slice(0, 200));
      assert.ok(data.items.every((item, i) => i === 0 || item.rank <= data.items[i - 1].rank));
      assert.ok(data.items.every((item) => item.highlights.some((snippet) => snippet.includes('<mark>'))));
      const broad = await call<ListPage<NeedsSheetSearchItem>>(app, 'GET', '/needs/search', {
        token,
        query: { q: 'données' },
      });
      assert.ok(
        (broad.body.data?.total ?? 0) > data.total * 2,
        `${broad.body.data?.total} for données, ${data.total} for développeur java`,
      );
    });
  });
}
