import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  historyChangeLines,
  recordHistoryLabels,
  withLuhnCheckDigit,
  type Company,
  type Contact,
  type HistoryEntry,
  type ListPage,
  type NeedsSheet,
} from '@bo/contracts/all';
import { parse } from 'csv-parse/sync';
import { openSeededSuite, type SeededSuite } from '../test/fixtures';
import { call, testEngines } from '../test/harness';

// A history as a person reads it, on the record's tab and in the report's CSV: a title in words, an owner by trigram
// and name, a company and a contact by name, a merge by the contact kept, and no internal counter.
for (const engine of testEngines()) {
  describe(`history read by a person on ${engine}`, () => {
    let suite: SeededSuite;
    const ids = { first: 0, second: 0, kept: 0, duplicate: 0, sheet: 0 };
    let owners: { COM: string; DIR: string };

    const story = async (path: string) => {
      const answer = await call<ListPage<HistoryEntry>>(suite.app, 'GET', path, { token: suite.tokens.DIR });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body.data!.items;
    };
    // An entry's lines as the record panels and the report show them.
    const lines = (entry: HistoryEntry) =>
      historyChangeLines(entry.changes, entry.names, recordHistoryLabels(entry.entity)).map((line) => line.text);
    const report = async (contactId: number) => {
      const answer = await suite.app.inject({
        method: 'GET',
        url: `/reports/history/export?contactId=${contactId}`,
        headers: { authorization: suite.tokens.DIR },
      });
      assert.equal(answer.statusCode, 200, answer.body);
      return (parse(answer.body, { delimiter: ';', bom: true, columns: true }) as Record<string, string>[]).map(
        (row) => [row.Type, row.Modifications],
      );
    };

    before(async () => {
      suite = await openSeededSuite(engine);
      const { users, tasks } = suite.fixture;
      const people = await suite.database.db
        .selectFrom('app_user')
        .select(['id', 'trigram', 'first_name', 'last_name'])
        .where('id', 'in', [users.COM, users.DIR])
        .execute();
      const named = (id: number) =>
        people
          .filter((user) => user.id === id)
          .map((user) => `${user.trigram} (${user.first_name} ${user.last_name})`)[0];
      owners = { COM: named(users.COM), DIR: named(users.DIR) };
      const company = async (name: string, n: number) =>
        (
          await call<Company>(suite.app, 'POST', '/company/store', {
            token: suite.tokens.COM,
            fields: { name, registrationId: withLuhnCheckDigit(String(4_100_000_000_000 + n)), ownerId: users.COM },
          })
        ).body.data!.id;
      ids.first = await company('Lecture Conseil', 1);
      ids.second = await company('Lecture Industrie', 2);
      const contact = async (firstName: string, lastName: string) =>
        (
          await call<Contact>(suite.app, 'POST', '/contact/store', {
            token: suite.tokens.COM,
            fields: { title: 'mister', firstName, lastName, companyId: ids.first, ownerId: users.COM },
          })
        ).body.data!;
      const kept = await contact('Marc', 'Dupont');
      const duplicate = await contact('Marc', 'Dupond');
      ids.kept = kept.id;
      ids.duplicate = duplicate.id;
      // A leader changes the title, the company and the owner.
      const changed = await call<Contact>(suite.app, 'POST', `/contact/${kept.id}/store`, {
        token: suite.tokens.DIR,
        fields: {
          title: 'madam',
          firstName: 'Marc',
          lastName: 'Dupont',
          companyId: ids.second,
          ownerId: users.DIR,
          version: kept.version,
        },
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      const merged = await call(suite.app, 'POST', `/contact/${kept.id}/merge`, {
        token: suite.tokens.DIR,
        fields: {
          title: 'madam',
          firstName: 'Marc',
          lastName: 'Dupont',
          companyId: ids.second,
          ownerId: users.DIR,
          duplicateId: duplicate.id,
          version: changed.body.data!.version,
          duplicateVersion: duplicate.version,
        },
      });
      assert.equal(merged.status, 200, JSON.stringify(merged.body));
      // A needs sheet for the contact, once it has a todo (active) and sheets have a status to start in.
      await call(suite.app, 'POST', '/admin/need-status/store', {
        token: suite.tokens.ADM,
        fields: { label: 'Nouveau', color: '#2563eb' },
      });
      await call(suite.app, 'POST', `/contact/${kept.id}/task/${tasks.call}/todo/store`, {
        token: suite.tokens.DIR,
        fields: { deadline: '2030-01-15' },
      });
      const sheet = await call<NeedsSheet>(suite.app, 'POST', '/need/store', {
        token: suite.tokens.DIR,
        fields: {
          companyId: ids.second,
          contactId: kept.id,
          title: 'Développeur Kotlin',
          seniority: 'senior',
          contractType: 'regie',
          ownerId: users.DIR,
        },
      });
      assert.equal(sheet.status, 200, JSON.stringify(sheet.body));
      ids.sheet = sheet.body.data!.id;
    });
    after(() => suite?.close());

    it('names the owner, the company and the title of a contact’s change on its tab', async () => {
      const entries = await story(`/contact/${ids.kept}/history`);
      const update = entries.find((entry) => entry.action === 'update')!;
      assert.deepEqual(update.names, {
        [`company:${ids.first}`]: 'Lecture Conseil',
        [`company:${ids.second}`]: 'Lecture Industrie',
        [`user:${suite.fixture.users.COM}`]: owners.COM,
        [`user:${suite.fixture.users.DIR}`]: owners.DIR,
      });
      assert.deepEqual(lines(update), [
        'Civilité : Monsieur → Madame',
        'Société : Lecture Conseil → Lecture Industrie',
        `Propriétaire : ${owners.COM} → ${owners.DIR}`,
      ]);
      // The merge: the duplicate by name, no count of the todos it brought.
      assert.deepEqual(lines(entries.find((entry) => entry.action === 'merge')!), ['Doublon fusionné : Marc Dupond']);
      // Its todo's task type by its description.
      const todo = entries.find((entry) => entry.entity === 'todo' && entry.action === 'create')!;
      assert.ok(lines(todo).includes('Type de tâche : Appel de suivi'), JSON.stringify(lines(todo)));
      const gone = await story(`/contact/${ids.duplicate}/history`);
      assert.deepEqual(lines(gone.find((entry) => entry.action === 'mergedInto')!), ['Fusionné dans Marc Dupont']);
    });

    it('names the company and the contact of a needs sheet', async () => {
      const [created] = await story(`/need/${ids.sheet}/history`);
      assert.equal(created.names[`company:${ids.second}`], 'Lecture Industrie');
      assert.equal(created.names[`contact:${ids.kept}`], 'Marc Dupont');
      assert.equal(created.names[`user:${suite.fixture.users.DIR}`], owners.DIR);
    });

    it('writes the same lines in the history report’s CSV', async () => {
      const rows = await report(ids.kept);
      assert.ok(
        rows.some(
          ([type, text]) =>
            type === 'Modification' &&
            text ===
              `Civilité : Monsieur → Madame, Société : Lecture Conseil → Lecture Industrie, Propriétaire : ${owners.COM} → ${owners.DIR}`,
        ),
        JSON.stringify(rows),
      );
      assert.ok(
        rows.some(([type, text]) => type === 'Fusion' && text === 'Doublon fusionné : Marc Dupond'),
        JSON.stringify(rows),
      );
      // A creation tells the fields given, not the ones left empty.
      assert.ok(
        rows.some(
          ([type, text]) =>
            type === 'Création' &&
            text ===
              `Civilité : Monsieur, Prénom : Marc, Nom : Dupont, Société : Lecture Conseil, Propriétaire : ${owners.COM}`,
        ),
        JSON.stringify(rows),
      );
      assert.ok(!rows.some(([, text]) => /todos|mergedInto|madam|mister|: \d+\b/.test(text)), JSON.stringify(rows));
    });
  });
}
