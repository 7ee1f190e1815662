import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Migrator, sql } from 'kysely';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/harness';
import { migrations } from './migrations';

// Migration 0029 on data written before the rules were held by the database: each record brought within the rules,
// each repair in the history, and the contacts merged before it found in their history.
for (const engine of testEngines()) {
  describe(`migration 0029 (record invariants) on ${engine}`, () => {
    let database: TestDatabase;
    const id: Record<string, number> = {};

    before(async () => {
      database = await createTestDatabase(engine);
      const { db } = database;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      assert.equal((await migrator.migrateTo('2026-11-26-0028-contact-name-walk-index')).error, undefined);
      const one = async (query: ReturnType<typeof sql<{ id: number }>>) => (await query.execute(db)).rows[0].id;
      const owner = await one(
        sql`insert into app_user (trigram, first_name, last_name, title, email, password_hash) values ('OWN', 'Olga', 'Owner', 'madam', 'own@example.fr', 'x') returning id`,
      );
      const task = await one(
        sql`insert into task (description, background_color, border_color, color) values ('Appel', '#ffffff', '#000000', '#000000') returning id`,
      );
      const company = (name: string, siret: string, active: boolean, parent: number | null = null) =>
        one(
          sql`insert into company (name, registration_id, owner_id, is_active, parent_id) values (${name}, ${siret}, ${owner}, ${active}, ${parent}) returning id`,
        );
      const contact = (name: string, companyId: number | null, active: boolean) =>
        one(
          sql`insert into contact (title, first_name, last_name, company_id, owner_id, is_active) values ('madam', 'Anne', ${name}, ${companyId}, ${owner}, ${active}) returning id`,
        );
      const todo = (contactId: number, accomplished: boolean) =>
        sql`insert into todo (contact_id, task_id, owner_id, deadline, is_accomplished, execution_date)
          values (${contactId}, ${task}, ${owner}, '2026-12-01', ${accomplished}, ${accomplished ? sql`now()` : null})`.execute(
          db,
        );
      id.head = await company('Tête fermée', '11111111111111', false);
      id.middle = await company('Filiale fermée', '22222222222222', false, id.head);
      id.leaf = await company('Sous-filiale', '33333333333333', true, id.middle);
      id.closed = await company('Fermée', '44444444444444', false);
      // Active without a pending todo, en veille with one (in a closed company), and a contact merged into another
      // that kept a pending todo.
      id.idle = await contact('Sans tâche', null, true);
      await todo(id.idle, true);
      id.waiting = await contact('Avec tâche', id.closed, false);
      await todo(id.waiting, false);
      id.kept = await contact('Gardée', null, true);
      await todo(id.kept, false);
      id.merged = await contact('Fusionnée', null, false);
      await todo(id.merged, false);
      await sql`insert into history (entity, entity_id, action, changes) values ('contact', ${id.merged}, 'mergedInto', ${JSON.stringify({ mergedInto: { from: null, to: id.kept } })})`.execute(
        db,
      );
      assert.equal((await migrator.migrateToLatest()).error, undefined);
    });
    after(() => database.close());

    it('gives each contact the state of its todos, and a merged contact its merge, its pending todos moved', async () => {
      const { rows } = await sql<{ id: number; is_active: boolean; merged_into_id: number | null; pending: number }>`
        select c.id, c.is_active, c.merged_into_id, (select count(*)::int from todo t where t.contact_id = c.id and not t.is_accomplished) as pending
        from contact c order by c.id`.execute(database.db);
      const byId = new Map(rows.map((row) => [row.id, row]));
      assert.deepEqual(
        [byId.get(id.idle)?.is_active, byId.get(id.waiting)?.is_active, byId.get(id.kept)?.is_active],
        [false, true, true],
      );
      assert.deepEqual(
        [byId.get(id.merged)?.merged_into_id, byId.get(id.merged)?.is_active, byId.get(id.merged)?.pending],
        [id.kept, false, 0],
      );
      assert.equal(byId.get(id.kept)?.pending, 2);
    });

    it('reopens a company with active contacts and every parent above an active company, each in the history', async () => {
      const { rows } = await sql<{
        id: number;
        is_active: boolean;
      }>`select id, is_active from company order by id`.execute(database.db);
      assert.ok(
        rows.every((row) => row.is_active),
        JSON.stringify(rows),
      );
      const { rows: entries } = await sql<{ entity: string; entity_id: number; action: string }>`
        select entity, entity_id, action from history where action in ('activate', 'standby') order by entity, entity_id`.execute(
        database.db,
      );
      assert.deepEqual(
        entries.map((entry) => [entry.entity, entry.entity_id, entry.action]),
        [
          ['company', id.head, 'activate'],
          ['company', id.middle, 'activate'],
          ['company', id.closed, 'activate'],
          ['contact', id.idle, 'standby'],
          ['contact', id.waiting, 'activate'],
        ].sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(a[1]) - Number(b[1])),
      );
    });

    it('holds the rules from then on: no company closed under its active contacts', async () => {
      await assert.rejects(
        sql`update company set is_active = false where id = ${id.closed}`.execute(database.db),
        /cantDeactivateCompanyWithContacts/,
      );
    });
  });
}
