import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ContactSortKey, SortedListQuery } from '@bo/contracts/all';
import { sql } from 'kysely';
import type { Actor } from '../domain/actor';
import { seedFixture, type Fixture } from '../test/fixtures';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/harness';
import { createContactRepository, type ContactFilters, type NameWalk } from './contacts';
import { createHistoryRepository } from './history';

// A search on the name order is read either by walking the order in the index or from its matches (pageIdsWalked):
// whichever way, and when a walk comes up short and falls back, every page is the same.
for (const engine of testEngines()) {
  describe(`contacts search pages on ${engine}`, () => {
    let database: TestDatabase;
    let fixture: Fixture;
    const repository = (walk: NameWalk) =>
      createContactRepository(database.db, createHistoryRepository(database.db), walk);
    const ways = {
      // Never walks: the reference.
      matches: () => repository({ perMatch: 0, margin: 1 }),
      // Always walks, far enough for any page.
      walked: () => repository({ perMatch: Number.MAX_SAFE_INTEGER, margin: 1_000_000 }),
      // Always walks, too short for most pages: falls back.
      shortWalk: () => repository({ perMatch: Number.MAX_SAFE_INTEGER, margin: 0.01 }),
      asShipped: () => createContactRepository(database.db, createHistoryRepository(database.db)),
    };
    const actor = (): Actor => ({
      id: fixture.users.COM,
      role: { admin: false, businessLeader: false, businessTeam: true, recruitmentTeam: false },
      leaderId: fixture.users.DIR,
    });

    before(async () => {
      database = await createTestDatabase(engine);
      fixture = await seedFixture(database.db);
      // Spread along the order: every fourth of 240 contacts is an "Aiguille", half of them in the fixture's company
      // or owned by another member of COM's team, some en veille; bunched at its end, a dozen "Rare Zzfin".
      const rows = Array.from({ length: 240 }, (_, i) => ({
        title: 'mister',
        first_name: i % 4 === 0 ? 'Aiguille' : 'Foin',
        last_name: `Page${String(i).padStart(3, '0')}`,
        company_id: i % 8 === 0 ? fixture.company : null,
        owner_id: i % 3 === 0 ? fixture.users.COB : fixture.users.COM,
        is_active: i % 5 !== 0,
      }));
      for (let i = 0; i < 12; i += 1)
        rows.push({
          title: 'madam',
          first_name: 'Rare',
          last_name: `Zzfin${i}`,
          company_id: null,
          owner_id: fixture.users.COM,
          is_active: true,
        });
      await database.db.insertInto('contact').values(rows).execute();
      await sql`analyze contact`.execute(database.db);
    });
    after(() => database.close());

    const page = async (
      way: keyof typeof ways,
      search: string,
      order: 'asc' | 'desc',
      pageNumber: number,
      filters: ContactFilters,
    ) => {
      const query: SortedListQuery<ContactSortKey> = { search, sort: 'name', order, page: pageNumber, perPage: 7 };
      const { items, total } = await ways[way]().list(actor(), query, filters);
      return { ids: items.map((item) => item.id), total };
    };

    it('gives every page of a search the same, walked, read from the matches, or walked too short', async () => {
      const cases: [string, ContactFilters][] = [
        ['aiguille', { scope: 'all' }],
        ['rare', { scope: 'all' }],
        ['societe test', { scope: 'all' }],
        ['page1', { scope: 'all' }],
        ['aiguille', { scope: 'team' }],
        ['aiguille', { scope: 'my', standby: true }],
        ['aiguille', { scope: 'all', companyId: fixture.company }],
        ['personne', { scope: 'all' }],
      ];
      for (const [search, filters] of cases) {
        for (const order of ['asc', 'desc'] as const) {
          const first = await page('matches', search, order, 1, filters);
          const pages = Math.ceil(first.total / 7) + 1;
          for (let pageNumber = 1; pageNumber <= pages; pageNumber += 1) {
            const reference = await page('matches', search, order, pageNumber, filters);
            for (const way of ['walked', 'shortWalk', 'asShipped'] as const) {
              assert.deepEqual(
                await page(way, search, order, pageNumber, filters),
                reference,
                `${way} "${search}" ${JSON.stringify(filters)} ${order} page ${pageNumber}`,
              );
            }
          }
        }
      }
      // Pages with matches were read above, the last one short and the empty one after it too.
      assert.deepEqual(
        [
          (await page('matches', 'aiguille', 'asc', 9, { scope: 'all' })).ids.length,
          (await page('matches', 'aiguille', 'asc', 1, { scope: 'all' })).total,
        ],
        [4, 60],
      );
      assert.deepEqual(await page('matches', 'aiguille', 'asc', 10, { scope: 'all' }), { ids: [], total: 60 });
    });
  });
}
