// The public showroom of the UI kit (/tests/*): every page opens without logging in, and each block works
// alone in a real browser, with the mouse and with the keyboard.
import { testPages } from '@bo/contracts/all';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { useStack } from './harness';

const stack = useStack();

// Each test gets a fresh context (its own localStorage), closed even when the test fails.
async function withPage(path: string, run: (page: Page) => Promise<void>) {
  const { context, page } = await stack.harness.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(`${stack.base}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await run(page);
    assert.deepEqual(errors, [], 'no script error on the page');
  } finally {
    await context.close();
  }
}

// The message under a field of the kit (FieldFrame), found from the field's label.
function fieldError(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // `has` is matched inside each field, so it is built from the page, not from the scope.
  const page = 'page' in scope && typeof scope.page === 'function' ? scope.page() : (scope as Page);
  return scope
    .locator('.bo-field')
    .filter({ has: page.locator('.bo-field__label', { hasText: new RegExp(`^${escaped}( \\*)?$`) }) })
    .locator('.bo-field__error');
}

// A kit field by its label (the label of a required field ends with ' *').
function labelled(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

async function pickOption(page: Page, text: string) {
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

async function columnTexts(page: Page, table: Locator, header: string): Promise<string[]> {
  const headers = await table.locator('thead th').allTextContents();
  const index = headers.findIndex((text) => text.trim() === header);
  assert.ok(index >= 0, `column ${header} in ${headers.join(' | ')}`);
  return table.locator(`tbody tr.ant-table-row td:nth-child(${index + 1})`).allTextContents();
}

// A column's cells once they satisfy `ok` (a sort or a page answered by the in-page server arrives a little after
// the click); the last texts read otherwise, for the assertion's message.
async function columnWhen(
  page: Page,
  table: Locator,
  header: string,
  ok: (texts: string[]) => boolean,
): Promise<string[]> {
  let texts: string[] = [];
  for (let attempt = 0; attempt < 100; attempt += 1) {
    texts = await columnTexts(page, table, header);
    if (texts.length > 0 && ok(texts)) break;
    await page.waitForTimeout(100);
  }
  return texts;
}

// The table's row count once no query is running ('1 234 lignes'; numbers use French spaces), when it
// satisfies `expected`.
async function settledCount(page: Page, expected: (count: number) => boolean): Promise<number> {
  const read = async () => {
    const text = (await page.locator('.bo-table__count').textContent()) ?? '';
    const spinning = await page.locator('.ant-spin-spinning').count();
    return text.includes('chargement') || spinning > 0 ? null : Number(text.replace(/\D/g, ''));
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const count = await read();
    if (count !== null && expected(count)) return count;
    if (Date.now() > deadline) throw new Error(`row count still ${count}`);
    await page.waitForTimeout(50);
  }
}

async function headerTexts(table: Locator): Promise<string[]> {
  return (await table.locator('thead th').allTextContents()).map((text) => text.trim()).filter(Boolean);
}

const kitPages = testPages.filter((page) => page !== 'calendar' && page !== 'agenda');

describe('showroom index', () => {
  it('lists every test page with its one-line description', async () => {
    await withPage('/tests', async (page) => {
      assert.equal(new URL(page.url()).pathname, '/tests/test');
      await page.getByRole('heading', { level: 1, name: 'Pages de démonstration' }).waitFor();
      for (const path of testPages.filter((p) => p !== 'test')) {
        assert.equal(await page.getByText(`/tests/${path}`, { exact: true }).count(), 1, `${path} is listed`);
      }
      const items = page.getByRole('listitem');
      assert.equal(await items.count(), testPages.length - 1);
      for (const text of await items.allTextContents()) assert.match(text, /\/tests\/\S+ — \S.{10,}/);
    });
  });

  it('opens every kit page without logging in, each with a French title and a link back', async () => {
    const { context, page } = await stack.harness.newPage();
    try {
      for (const path of kitPages) {
        await page.goto(`${stack.base}/tests/${path}`);
        const title = page.getByRole('heading', { level: 1 });
        await title.waitFor();
        assert.ok((await title.textContent())?.trim(), `${path} has a title`);
        assert.equal(await page.getByRole('button', { name: 'Se connecter' }).count(), 0, `${path} needs no login`);
        if (path !== 'test') await page.getByRole('link', { name: /Toutes les pages de démonstration/ }).waitFor();
      }
      await page.getByRole('link', { name: /Toutes les pages de démonstration/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Pages de démonstration' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('/tests/form', () => {
  it('shows each French message under its field when sent empty', async () => {
    await withPage('/tests/form', async (page) => {
      await page.getByRole('button', { name: 'Envoyer' }).click();
      const expected: Record<string, string> = {
        'Civilité (select)': 'Entrée requise',
        'Nom du candidat (text)': 'Entrée requise',
        'Email (text, type email)': 'Entrée requise',
        'Mot de passe de l’espace candidat (password)': 'Entrée requise',
        'Date et heure du rendez-vous (datePicker)': 'Date requise',
        'Société cliente (selectMenu)': 'Entrée requise',
        'Compétences (selectMenu multiple)': 'Entrée requise',
        'Notes de l’entretien (textarea)': 'Entrée requise',
      };
      for (const [label, message] of Object.entries(expected)) {
        assert.equal((await fieldError(page, label).textContent())?.trim(), message, label);
      }
      const radioGroup = page.getByRole('radiogroup', { name: 'Type de contrat (radio)' });
      assert.equal(await radioGroup.getAttribute('aria-invalid'), 'true');
      assert.equal(
        (await page.locator(`#${await radioGroup.getAttribute('aria-describedby')}`).textContent())?.trim(),
        'Entrée requise',
      );
      const consent = page.getByRole('checkbox', { name: /accepte le traitement/ });
      assert.equal(await consent.getAttribute('aria-invalid'), 'true');
      await page.getByText('Rien n’a encore été envoyé').waitFor();

      await page.getByLabel('Email (text, type email)').fill('claire.dubois@');
      await fieldError(page, 'Email (text, type email)')
        .getByText('Merci de saisir une adresse email valide')
        .waitFor();
    });
  });

  it('sends every input type in its wire form: 0/1, Unix seconds, JSON strings', async () => {
    await withPage('/tests/form', async (page) => {
      await page.getByLabel('Civilité (select)').click();
      await pickOption(page, 'Madame');
      await page.getByLabel('Nom du candidat (text)').fill('Dubois');
      await page.getByLabel('Email (text, type email)').fill('claire.dubois@hexalis.fr');
      await page.getByLabel('Mot de passe de l’espace candidat (password)').fill('Bienvenue-2026');
      const date = page.getByLabel('Date et heure du rendez-vous (datePicker)');
      await date.click();
      await date.fill('01/12/2026 10:00');
      await date.press('Enter');
      await page.getByLabel('Société cliente (selectMenu)').fill('hexa');
      await pickOption(page, 'Groupe Hexalis');
      const skills = page.getByLabel('Compétences (selectMenu multiple)');
      await skills.fill('reac');
      await pickOption(page, 'React');
      await skills.fill('sql');
      await pickOption(page, 'PostgreSQL');
      await page.keyboard.press('Escape');
      await page.getByRole('radio', { name: 'CDI' }).check();
      await page.getByRole('switch', { name: 'Télétravail possible (switch)' }).click();
      await page.getByText('Oui', { exact: true }).waitFor();
      await page.getByRole('checkbox', { name: /accepte le traitement/ }).check();
      await page.getByLabel('Notes de l’entretien (textarea)').fill('Très bon entretien, disponible en janvier.');
      await page.getByRole('button', { name: 'Envoyer' }).click();

      const sent = JSON.parse(
        (await page.getByLabel('Valeurs envoyées', { exact: true }).textContent()) ?? '{}',
      ) as Record<string, unknown>;
      const meetingAt = await page.evaluate(() => new Date(2026, 11, 1, 10, 0).getTime() / 1000);
      assert.deepEqual(sent, {
        needsSheetId: '4812',
        title: 'madam',
        lastName: 'Dubois',
        email: 'claire.dubois@hexalis.fr',
        password: 'Bienvenue-2026',
        meetingAt,
        company: 'Groupe Hexalis',
        skills: '["React","PostgreSQL"]',
        contractType: 'cdi',
        remote: 1,
        consent: 1,
        notes: 'Très bon entretien, disponible en janvier.',
      });
    });
  });
});

describe('/tests/validation', () => {
  it('fails and passes each rule of the spec with typed values', async () => {
    await withPage('/tests/validation', async (page) => {
      const cases: [label: string, failing: string, message: string, passing: string][] = [
        ['Raison sociale', '   ', 'Entrée requise', 'Groupe Hexalis'],
        ['Nombre de postes', 'trois', 'Doit être un nombre', '12'],
        ['Nombre de postes', '51', 'Entrée non valide', '50'],
        ['Email du contact', 'claire.dubois@', 'Merci de saisir une adresse email valide', 'claire.dubois@hexalis.fr'],
        ['Code de civilité', 'madame', 'Entrée non valide', 'madam'],
        ['Téléphone', '06 12 34 56 78', 'Entrée non valide', '0033 6 12 34 56 78'],
        ['Téléphone', '0033 0 12 34 56 78', 'Entrée non valide', '0033612345678'],
        ['SIRET', '73282932000075', 'Entrée non valide', '73282932000074'],
        ['SIRET', '7328293200007', 'Entrée non valide', '55210055400013'],
        ['Trigramme', 'A1B', 'Trigramme non valide', 'DIR'],
        ['Couleur', '#1677FF', 'Entrée non valide', '#1677ff'],
      ];
      for (const [label, failing, message, passing] of cases) {
        const input = labelled(page, label);
        await input.fill(failing);
        await fieldError(page, label).getByText(message, { exact: true }).waitFor();
        assert.equal(await input.getAttribute('aria-invalid'), 'true', `${label} ${failing}`);
        await input.fill(passing);
        await page.waitForFunction(
          ([id]) => document.getElementById(`${id}-error`)?.textContent === '',
          [await input.getAttribute('id')],
        );
        await page.locator('.bo-validation__case').filter({ has: input }).getByText('Valeur acceptée').waitFor();
      }
    });
  });

  it('fills a field from each clickable example and shows the required and date messages', async () => {
    await withPage('/tests/validation', async (page) => {
      await page.getByRole('button', { name: 'Tout vérifier' }).click();
      await fieldError(page, 'Date de démarrage').getByText('Date requise').waitFor();
      await fieldError(page, 'Mot de passe').getByText('Merci de saisir votre mot de passe').waitFor();
      await fieldError(page, 'Trigramme').getByText('Trigramme requis').waitFor();
      await fieldError(page, 'Raison sociale').getByText('Entrée requise').waitFor();

      await page.getByRole('button', { name: 'Exemple invalide pour SIRET : 73282932000075' }).click();
      assert.equal(await labelled(page, 'SIRET').inputValue(), '73282932000075');
      await fieldError(page, 'SIRET').getByText('Entrée non valide').waitFor();
      await page.getByRole('button', { name: 'Exemple valide pour SIRET : 73282932000074' }).click();
      await page
        .locator('.bo-validation__case')
        .filter({ has: labelled(page, 'SIRET') })
        .getByText('Valeur acceptée')
        .waitFor();

      await page.getByRole('button', { name: 'Exemple valide pour Date de démarrage : 2026-12-01' }).click();
      assert.equal(await labelled(page, 'Date de démarrage').inputValue(), '01/12/2026');
      assert.equal((await fieldError(page, 'Date de démarrage').textContent())?.trim(), '');
      await page.getByRole('button', { name: 'Exemple invalide pour Date de démarrage : (vide)' }).click();
      await fieldError(page, 'Date de démarrage').getByText('Date requise').waitFor();

      // Every example button gives the verdict its list promises.
      const regions = page.locator('.bo-validation__case');
      for (let i = 0; i < (await regions.count()); i += 1) {
        const region = regions.nth(i);
        const name = (await region.locator('h2').textContent())?.trim() ?? '';
        const error = region.locator('.bo-field__error');
        for (const example of await region.locator('.bo-example--fail').all()) {
          await example.click();
          await page.waitForFunction((element) => (element?.textContent ?? '') !== '', await error.elementHandle());
        }
        for (const example of await region.locator('.bo-example--pass').all()) {
          await example.click();
          await region.getByText('Valeur acceptée').waitFor();
          assert.equal((await error.textContent())?.trim(), '', `${name}: ${await example.textContent()}`);
        }
      }
    });
  });
});

describe('/tests/array', () => {
  it('pages 10 000 rows from the in-page server, one page rendered at a time', async () => {
    await withPage('/tests/array/basic', async (page) => {
      const table = page.getByRole('table', { name: 'Contacts' });
      await page.getByText('10 000 lignes', { exact: true }).waitFor();
      await page.getByText('1–20 sur 10 000').waitFor();
      assert.equal(await table.locator('tbody tr.ant-table-row').count(), 20);
      const firstPage = await columnTexts(page, table, 'Nom');

      await page.getByRole('listitem', { name: '500' }).click();
      await page.getByText('9 981–10 000 sur 10 000').waitFor();
      const lastPage = await columnWhen(page, table, 'Nom', (names) => names.join() !== firstPage.join());
      assert.notDeepEqual(lastPage, firstPage);
      assert.equal(await table.locator('tbody tr.ant-table-row').count(), 20);
    });
  });

  it('sorts by a column with the mouse and with the keyboard', async () => {
    await withPage('/tests/array/basic', async (page) => {
      const table = page.getByRole('table', { name: 'Contacts' });
      await page.getByText('1–20 sur 10 000').waitFor();
      const nameHeader = table.locator('thead th').filter({ hasText: /^Nom$/ });
      await nameHeader.click();
      await page.waitForFunction(() => document.querySelector('th[aria-sort="ascending"]') !== null);
      let names = await columnWhen(page, table, 'Nom', (texts) => texts.every((name) => name === 'André'));
      assert.ok(
        names.every((name) => name === 'André'),
        names.join(','),
      );

      await nameHeader.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('th[aria-sort="descending"]') !== null);
      names = await columnWhen(page, table, 'Nom', (texts) => texts.every((name) => name === 'Vincent'));
      assert.ok(
        names.every((name) => name === 'Vincent'),
        names.join(','),
      );

      const todosHeader = table.locator('thead th').filter({ hasText: /^Tâches ouvertes$/ });
      await todosHeader.click();
      const counts = (
        await columnWhen(page, table, 'Tâches ouvertes', (texts) => texts.every((text) => text === '0'))
      ).map(Number);
      assert.ok(
        counts.every((count) => count === 0),
        counts.join(','),
      );
    });
  });

  it('shows grouped headers above their columns', async () => {
    await withPage('/tests/array/column-groups', async (page) => {
      const table = page.getByRole('table', { name: 'Contacts groupés' });
      await page.getByText('1–10 sur 10 000').waitFor();
      const rows = table.locator('thead tr');
      assert.equal(await rows.count(), 2);
      for (const group of ['Identité', 'Société', 'Suivi']) {
        assert.equal(
          await rows
            .nth(0)
            .locator('th')
            .filter({ hasText: new RegExp(`^${group}$`) })
            .getAttribute('colspan'),
          '3',
        );
      }
      assert.deepEqual(
        (await rows.nth(1).locator('th').allTextContents()).map((text) => text.trim()),
        ['Civilité', 'Nom', 'Prénom', 'Société', 'Fonction', 'Ville', 'Statut', 'Dernier contact', 'Tâches ouvertes'],
      );
      assert.equal(await table.locator('tbody tr.ant-table-row').count(), 10);
    });
  });

  it('filters per column, server side, and clears the filters', async () => {
    await withPage('/tests/array/column-filtering', async (page) => {
      const table = page.getByRole('table', { name: 'Contacts filtrés' });
      await page.getByText('1–20 sur 10 000').waitFor();
      await page.getByLabel('Filtre : Nom').fill('DUBOIS');
      const count = await settledCount(page, (n) => n < 10_000);
      assert.ok(count > 100 && count < 1000, `${count} Dubois`);
      assert.ok((await columnTexts(page, table, 'Nom')).every((name) => name === 'Dubois'));

      await page.getByLabel('Filtre : Ville').click();
      await pickOption(page, 'Lyon');
      const lyon = await settledCount(page, (n) => n < count);
      assert.ok((await columnTexts(page, table, 'Ville')).every((city) => city === 'Lyon'));
      assert.ok((await columnTexts(page, table, 'Nom')).every((name) => name === 'Dubois'));

      await page.getByLabel('Filtre : Statut').click();
      await pickOption(page, 'En veille');
      await settledCount(page, (n) => n < lyon);
      assert.ok((await columnTexts(page, table, 'Statut')).every((status) => status === 'En veille'));

      await page.getByRole('button', { name: 'Effacer les filtres' }).click();
      await page.getByText('10 000 lignes').waitFor();
      assert.equal(await page.getByLabel('Filtre : Nom').inputValue(), '');
    });
  });

  it('reorders columns with the keyboard and by dragging, and remembers the order', async () => {
    await withPage('/tests/array/column-ordering', async (page) => {
      const table = page.getByRole('table', { name: 'Contacts à colonnes déplaçables' });
      await page.getByText('1–20 sur 10 000').waitFor();
      const initial = ['Nom', 'Prénom', 'Société', 'Ville', 'Statut', 'Dernier contact', 'Tâches ouvertes'];
      assert.deepEqual(await headerTexts(table), initial);

      await page.getByRole('button', { name: 'Ordre des colonnes' }).click();
      const right = page.getByRole('button', { name: 'Déplacer Nom vers la droite' });
      await right.focus();
      await page.keyboard.press('Enter');
      assert.deepEqual((await headerTexts(table)).slice(0, 3), ['Prénom', 'Nom', 'Société']);
      await page.getByText('Colonne Nom déplacée en position 2 sur 7.').waitFor({ state: 'attached' });

      // Dragging a header onto another puts it in that one's place.
      await table
        .locator('thead th')
        .filter({ hasText: /^Statut$/ })
        .dragTo(table.locator('thead th').filter({ hasText: /^Prénom$/ }));
      assert.deepEqual((await headerTexts(table)).slice(0, 4), ['Statut', 'Prénom', 'Nom', 'Société']);

      // Sorting still works on a moved column, and its cells moved with it.
      await table
        .locator('thead th')
        .filter({ hasText: /^Statut$/ })
        .click();
      const statuses = await columnWhen(page, table, 'Statut', (texts) => texts.every((status) => status === 'Actif'));
      assert.ok(
        statuses.every((status) => status === 'Actif'),
        statuses.join(','),
      );

      const stored = await page.evaluate(() => localStorage.getItem('bo.showroom.array.column-ordering'));
      assert.deepEqual(JSON.parse(stored ?? '[]'), [
        'status',
        'firstName',
        'lastName',
        'company',
        'city',
        'lastContact',
        'openTodos',
      ]);
      await page.reload();
      await page.getByText('1–20 sur 10 000').waitFor();
      assert.deepEqual((await headerTexts(table)).slice(0, 4), ['Statut', 'Prénom', 'Nom', 'Société']);

      await page.getByRole('button', { name: 'Ordre des colonnes' }).click();
      await page.getByRole('button', { name: 'Ordre par défaut' }).click();
      assert.deepEqual(await headerTexts(table), initial);
      assert.equal(await page.evaluate(() => localStorage.getItem('bo.showroom.array.column-ordering')), null);
    });
  });

  it('reorders rows by dragging and with the move buttons', async () => {
    await withPage('/tests/array/drag', async (page) => {
      const order = page.getByTestId('priority-order');
      assert.equal(await order.textContent(), '1, 2, 3, 4, 5, 6');
      const rows = page.getByRole('table', { name: 'Priorités de recrutement' }).locator('tbody tr.ant-table-row');
      await rows.nth(2).dragTo(rows.nth(0));
      assert.equal(await order.textContent(), '3, 1, 2, 4, 5, 6');
      await page.getByText('Ingénieur DevOps Kubernetes déplacé en position 1 sur 6.').waitFor({ state: 'attached' });
      await rows.nth(0).dragTo(rows.nth(5));
      assert.equal(await order.textContent(), '1, 2, 4, 5, 6, 3');

      const down = page.getByRole('button', { name: 'Descendre Développeur React confirmé' });
      await down.focus();
      await page.keyboard.press('Enter');
      assert.equal(await order.textContent(), '2, 1, 4, 5, 6, 3');
      // The focus follows the moved row: Entrée again moves it one more place.
      await page.keyboard.press('Enter');
      assert.equal(await order.textContent(), '2, 4, 1, 5, 6, 3');
      await page.getByText('Développeur React confirmé déplacé en position 3 sur 6.').waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Monter Ingénieur DevOps Kubernetes' }).click();
      assert.equal(await order.textContent(), '2, 4, 1, 5, 3, 6');
      assert.equal(await page.getByRole('button', { name: 'Monter Chef de projet SAP FI/CO' }).isDisabled(), true);
      assert.equal(await rows.nth(0).locator('td').nth(1).textContent(), '1');
    });
  });
});

describe('/tests/drag-and-drop', () => {
  async function listItems(page: Page, title: string) {
    const list = page.getByRole('region', { name: new RegExp(`^${title}`) });
    return (await list.locator('.bo-board__item-name').allTextContents()).map((text) => text.trim());
  }

  it('moves contacts between lists by dragging', async () => {
    await withPage('/tests/drag-and-drop', async (page) => {
      await page.getByRole('button', { name: /Claire Dubois/ }).dragTo(page.getByRole('region', { name: /^Terminé/ }));
      assert.deepEqual(await listItems(page, 'Terminé'), ['Claire Dubois']);
      assert.deepEqual(await listItems(page, 'À appeler'), ['Julien Mercier', 'Inès Garcia', 'Olivier Faure']);
      await page.getByText('Claire Dubois déplacé vers « Terminé », position 1 sur 1.').waitFor({ state: 'attached' });
      // Dropped on a card: it takes that card's place.
      await page
        .getByRole('button', { name: /Olivier Faure/ })
        .dragTo(page.getByRole('button', { name: /Sophie Laurent/ }));
      assert.deepEqual(await listItems(page, 'En cours'), ['Olivier Faure', 'Sophie Laurent']);
    });
  });

  it('moves a contact with the keyboard and announces each move', async () => {
    await withPage('/tests/drag-and-drop', async (page) => {
      const julien = page.getByRole('button', { name: /Julien Mercier/ });
      await julien.focus();
      await page.keyboard.press('Enter');
      assert.equal(await julien.getAttribute('aria-pressed'), 'true');
      await page.keyboard.press('ArrowRight');
      assert.deepEqual(await listItems(page, 'En cours'), ['Sophie Laurent', 'Julien Mercier']);
      await page
        .getByText('Julien Mercier déplacé vers « En cours », position 2 sur 2.')
        .waitFor({ state: 'attached' });
      // The focus stays on the moved card, so the next key moves it again.
      await page.keyboard.press('ArrowUp');
      assert.deepEqual(await listItems(page, 'En cours'), ['Julien Mercier', 'Sophie Laurent']);
      await page.keyboard.press('ArrowRight');
      assert.deepEqual(await listItems(page, 'Terminé'), ['Julien Mercier']);
      await page.keyboard.press('Escape');
      assert.equal(await page.getByRole('button', { name: /Julien Mercier/ }).getAttribute('aria-pressed'), 'false');
      await page.getByText('Julien Mercier relâché.').waitFor({ state: 'attached' });

      // The toolbar's buttons move the selected card too.
      await page.getByRole('button', { name: /Inès Garcia/ }).click();
      await page.getByRole('button', { name: 'Vers « En cours »' }).click();
      assert.deepEqual(await listItems(page, 'En cours'), ['Sophie Laurent', 'Inès Garcia']);
      await page.getByRole('button', { name: 'Monter', exact: true }).click();
      assert.deepEqual(await listItems(page, 'En cours'), ['Inès Garcia', 'Sophie Laurent']);
    });
  });
});

describe('/tests/modals', () => {
  it('confirms or cancels, with the buttons and with Escape', async () => {
    await withPage('/tests/modals', async (page) => {
      const status = page.locator('.bo-demo__result');
      await page.getByRole('button', { name: 'Supprimer Claire Dubois' }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Supprimer le contact Claire Dubois ?' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(await status.textContent(), 'Suppression annulée.');

      await page.getByRole('button', { name: 'Supprimer Claire Dubois' }).click();
      await dialog.getByRole('button', { name: 'Supprimer' }).click();
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(await status.textContent(), 'Contact Claire Dubois supprimé.');
    });
  });

  it('validates a form in a dialog and closes it with Escape', async () => {
    await withPage('/tests/modals', async (page) => {
      await page.getByRole('button', { name: 'Nouveau contact' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nouveau contact' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Créer le contact' }).click();
      assert.equal((await fieldError(dialog, 'Prénom').textContent())?.trim(), 'Entrée requise');
      assert.equal((await fieldError(dialog, 'Téléphone').textContent())?.trim(), 'Entrée requise');
      await dialog.getByLabel('Prénom').fill('Inès');
      await labelled(dialog, 'Nom').fill('Garcia');
      await dialog.getByLabel('Email').fill('ines.garcia@oceane-mutuelle.fr');
      await dialog.getByLabel('Téléphone').fill('06 12 34 56 78');
      await dialog.getByRole('button', { name: 'Créer le contact' }).click();
      assert.equal((await fieldError(dialog, 'Téléphone').textContent())?.trim(), 'Entrée non valide');
      await dialog.getByLabel('Téléphone').fill('0033 6 12 34 56 78');
      await dialog.getByLabel('Téléphone').press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(
        await page.locator('.bo-demo__result').textContent(),
        'Contact créé : Inès Garcia (0033 6 12 34 56 78).',
      );

      await page.getByRole('button', { name: 'Nouveau contact' }).click();
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel('Prénom').inputValue(), '', 'the form starts empty again');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(await page.locator('.bo-demo__result').textContent(), 'Création annulée.');
    });
  });

  it('opens the 1100 px off-canvas panel and closes it with Escape', async () => {
    await withPage('/tests/modals', async (page) => {
      await page.getByRole('button', { name: 'Ouvrir la fiche société' }).click();
      const panel = page.getByRole('dialog', { name: 'Société : Groupe Hexalis' });
      await panel.waitFor();
      await panel.getByRole('heading', { name: 'Filiales (3)' }).waitFor();
      const box = await page.locator('.ant-drawer-content-wrapper, .ant-drawer-section').first().boundingBox();
      assert.equal(Math.round(box?.width ?? 0), 1100);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
    });
  });

  it('closes nested dialogs one at a time with Escape', async () => {
    await withPage('/tests/modals', async (page) => {
      await page.getByRole('button', { name: 'Ouvrir la fiche de besoin' }).click();
      const outer = page.getByRole('dialog', { name: 'Fiche de besoin : développeur React' });
      await outer.waitFor();
      await outer.getByRole('button', { name: 'Choisir le contact client' }).click();
      const inner = page.getByRole('dialog', { name: 'Choisir le contact client' });
      await inner.waitFor();
      await inner.getByRole('radio', { name: 'Inès Garcia' }).check();
      await inner.getByRole('button', { name: 'Choisir' }).click();
      await inner.waitFor({ state: 'hidden' });
      await outer.getByText('Contact client : Inès Garcia').waitFor();

      await outer.getByRole('button', { name: 'Choisir le contact client' }).click();
      await inner.waitFor();
      await page.keyboard.press('Escape');
      await inner.waitFor({ state: 'hidden' });
      assert.ok(await outer.isVisible(), 'the outer dialog stays open');
      await page.keyboard.press('Escape');
      await outer.waitFor({ state: 'hidden' });
    });
  });
});

describe('/tests/Wizard', () => {
  it('validates each step, goes back without losing values, and shows a summary', async () => {
    await withPage('/tests/Wizard', async (page) => {
      const stepTitle = page.locator('.bo-wizard__title');
      assert.equal(await stepTitle.textContent(), 'Étape 1 sur 4 : Client');
      assert.equal(await page.getByRole('button', { name: 'Précédent' }).isDisabled(), true);
      await page.getByRole('button', { name: 'Suivant' }).click();
      assert.equal((await fieldError(page, 'Société cliente').textContent())?.trim(), 'Entrée requise');
      assert.equal((await fieldError(page, 'Contact client').textContent())?.trim(), 'Entrée requise');
      assert.equal(await stepTitle.textContent(), 'Étape 1 sur 4 : Client');

      await page.getByLabel('Société cliente').fill('banque');
      await pickOption(page, 'Banque du Rhône');
      await page.getByLabel('Contact client').click();
      await pickOption(page, 'Julien Mercier, DSI');
      await page.getByRole('button', { name: 'Suivant' }).click();
      await page.getByText('Étape 2 sur 4 : Besoin').waitFor();
      assert.equal(
        await page.evaluate(() => document.activeElement?.className),
        'bo-wizard__title',
        'focus on the step title',
      );

      await page.getByRole('button', { name: 'Suivant' }).click();
      assert.equal((await fieldError(page, 'Intitulé du besoin').textContent())?.trim(), 'Entrée requise');
      assert.equal((await fieldError(page, 'Date de démarrage').textContent())?.trim(), 'Date requise');
      await page.getByLabel('Intitulé du besoin').fill('Développeur React confirmé');
      await page.getByLabel('Description').fill('Renfort de l’équipe front pour la refonte de la banque en ligne.');
      await page.getByLabel('Nombre de personnes').fill('deux');
      await page.getByRole('button', { name: 'Suivant' }).click();
      assert.equal((await fieldError(page, 'Nombre de personnes').textContent())?.trim(), 'Doit être un nombre');
      await page.getByLabel('Nombre de personnes').fill('2');
      const date = page.getByLabel('Date de démarrage');
      await date.click();
      await date.fill('05/01/2027');
      // Entrée confirms the date only: the step is sent with its button.
      await date.press('Enter');
      assert.equal(await date.inputValue(), '05/01/2027');
      await page.waitForTimeout(1000);
      assert.equal(await page.getByText('Étape 3 sur 4 : Profil').count(), 0);
      // The calendar may stay open over the buttons: a click outside it closes it, as a person would.
      await stepTitle.click();
      await page.locator('.bo-wizard button', { hasText: /^Suivant$/ }).click();
      await page.getByText('Étape 3 sur 4 : Profil').waitFor();

      // Back to step 1: what was chosen is still there.
      await page.getByRole('button', { name: 'Précédent' }).click();
      await page.getByText('Étape 2 sur 4 : Besoin').waitFor();
      assert.equal(await page.getByLabel('Nombre de personnes').inputValue(), '2');
      assert.equal(await page.getByLabel('Date de démarrage').inputValue(), '05/01/2027');
      await page.getByRole('button', { name: 'Précédent' }).click();
      await page.getByText('Étape 1 sur 4 : Client').waitFor();
      await page.locator('.bo-wizard__content').getByText('Banque du Rhône').waitFor();
      await page.getByRole('button', { name: 'Suivant' }).click();
      await page.getByText('Étape 2 sur 4 : Besoin').waitFor();
      await page.getByRole('button', { name: 'Suivant' }).click();

      await page.getByText('Étape 3 sur 4 : Profil').waitFor();
      await page.getByRole('button', { name: 'Suivant' }).click();
      assert.equal((await fieldError(page, 'Compétences').textContent())?.trim(), 'Entrée requise');
      await page.getByLabel('Compétences').fill('react');
      await pickOption(page, 'React');
      await page.getByLabel('Compétences').fill('typescr');
      await pickOption(page, 'TypeScript');
      await page.keyboard.press('Escape');
      await page.getByRole('radio', { name: 'Confirmé (3 à 5 ans)' }).check();
      await page.getByRole('button', { name: 'Suivant' }).click();

      await page.getByText('Étape 4 sur 4 : Récapitulatif').waitFor();
      const summary = page.locator('.bo-wizard__content');
      for (const text of [
        'Banque du Rhône',
        'Julien Mercier, DSI',
        'Développeur React confirmé',
        '05/01/2027',
        'React, TypeScript',
        'Confirmé (3 à 5 ans)',
      ]) {
        await summary.getByText(text, { exact: true }).waitFor();
      }
      await page.getByRole('button', { name: 'Précédent' }).click();
      await page.getByText('Étape 3 sur 4 : Profil').waitFor();
      await page.getByRole('button', { name: 'Suivant' }).click();
      await page.getByRole('button', { name: 'Créer la fiche' }).click();
      await page.getByText('Fiche de besoin créée').waitFor();
      const sent = JSON.parse(
        (await page.getByLabel('Valeurs envoyées', { exact: true }).textContent()) ?? '{}',
      ) as Record<string, unknown>;
      assert.deepEqual(sent, {
        company: 'Banque du Rhône',
        contact: 'julien-mercier',
        title: 'Développeur React confirmé',
        description: 'Renfort de l’équipe front pour la refonte de la banque en ligne.',
        headcount: 2,
        startDate: '2027-01-05',
        skills: '["React","TypeScript"]',
        experience: 'confirmed',
      });
    });
  });
});

describe('/tests/objects', () => {
  it('shows a contact card and a company with its subsidiaries and contacts', async () => {
    await withPage('/tests/objects', async (page) => {
      const card = page.getByRole('article', { name: 'Contact : Hélène Rousseau' });
      await card.getByRole('heading', { name: 'Madame Hélène Rousseau' }).waitFor();
      assert.equal(
        await card.getByRole('link', { name: '0033 4 76 98 76 54' }).getAttribute('href'),
        'tel:+33476987654',
      );
      assert.equal(
        await card.getByRole('link', { name: 'helene.rousseau@hexalis-ingenierie.fr' }).getAttribute('href'),
        'mailto:helene.rousseau@hexalis-ingenierie.fr',
      );

      const company = page.getByRole('article', { name: 'Groupe Hexalis' });
      await company.getByText('732 829 320 00074').waitFor();
      await company.getByText('12 quai Saint-Antoine, 69002 Lyon').waitFor();
      await company.getByRole('heading', { name: 'Filiales (3)' }).waitFor();
      assert.equal(await company.locator('.bo-object__list-item').count(), 3);
      await company.getByRole('heading', { name: 'Contacts (2)' }).waitFor();
      await company.getByRole('article', { name: 'Contact : Julien Mercier' }).getByText('En veille').waitFor();
    });
  });
});
