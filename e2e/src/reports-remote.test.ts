// The reports remote in Chromium against the real API and the demo data: the contact and group history (with the
// needs sheets' steps), the directory, the task report and the statistics (with the needs sheets' figures), as a
// business leader (DIR) reads them; the refusal for the others.
import {
  contrastRatio,
  periodRange,
  toBusinessIsoDate,
  type CompanyListItem,
  type CompanyView,
  type DirectoryGroup,
  type HistoryReportItem,
  type ListPage,
  type NeedsSheet,
  type NeedsSheetStatus,
  type StatsRow,
  type TaskReportRow,
  type TaskReportTodo,
} from '@bo/contracts/all';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { apiPost, login, pickOption, useStack } from './harness';

const stack = useStack({ users: ['DIR'] });
const { it, api, newPage } = stack;

// Clicks "Exporter en CSV" and reads the file the browser saved.
async function exportCsv(page: Page): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exporter en CSV' }).click(),
  ]);
  const text = await readFile((await download.path()) as string, 'utf8');
  assert.ok(text.startsWith('\uFEFF'), 'a BOM for Excel');
  return text.slice(1).trim().split(/\r\n/);
}

const pageBody = (page: Page) => page.locator('.bo-page');

describe('contact and group history', () => {
  it('finds a group by a name typed without accents, rolls up its subsidiaries, and leaves them out on request', async () => {
    const group = (await api<ListPage<CompanyListItem>>('/companies', { search: 'Groupe Delorme', perPage: 5 }))
      .items[0];
    assert.ok(group.subsidiaryCount > 0, 'the demo group has subsidiaries');
    const withSubsidiaries = await api<ListPage<HistoryReportItem>>('/reports/history', {
      companyId: group.id,
      subsidiaries: 1,
      perPage: 100,
    });
    const alone = await api<ListPage<HistoryReportItem>>('/reports/history', {
      companyId: group.id,
      subsidiaries: 0,
      perPage: 1,
    });
    assert.ok(withSubsidiaries.total > alone.total, 'the subsidiaries have a story of their own');

    const { context, page } = await newPage('/rapports/historique-contact', 'Historique des contacts');
    await page.getByText('Choisissez un contact ou une société').waitFor();
    await page.getByLabel('Contact ou société').fill('delorme indus');
    // The options are listed for assistive technologies as soon as the answer arrives.
    await page.getByRole('option', { name: `Société · ${group.name}` }).waitFor({ state: 'attached' });
    await pickOption(page, 'Contact ou société', `Société · ${group.name}`, pageBody(page));
    await page.waitForURL((url) => url.searchParams.get('company') === String(group.id));

    const shown = Math.min(25, withSubsidiaries.total);
    const status = page.getByRole('status').filter({ hasText: 'événement' });
    await status.getByText(`${shown} événements affichés sur ${withSubsidiaries.total}`).waitFor();
    const filiales = page.getByRole('checkbox', { name: 'Inclure les filiales' });
    assert.equal(await filiales.isChecked(), true, 'on by default for a parent');
    // Each entry is labelled with its company: the subsidiaries' appear.
    const subjects = await page.locator('.bo-report__subject').allInnerTexts();
    const companies = new Set(withSubsidiaries.items.slice(0, shown).map((item) => item.companyName));
    assert.deepEqual(new Set(subjects.map((text) => text.split(' · ')[0])), companies);

    // More as the user asks (or scrolls).
    if (withSubsidiaries.total > 25) {
      await page.getByRole('button', { name: 'Afficher plus' }).click();
      await status.getByText(`${Math.min(50, withSubsidiaries.total)} événements affichés`).waitFor();
    }

    await filiales.click();
    await page.waitForURL((url) => url.searchParams.get('filiales') === '0');
    await status.getByText(`sur ${alone.total}`).waitFor();
    assert.ok((await page.locator('.bo-report__subject').allInnerTexts()).every((text) => text.startsWith(group.name)));

    // The address is the view: a reload shows the same subject and filter.
    await page.reload();
    await status.getByText(`sur ${alone.total}`).waitFor();
    await page.getByRole('heading', { name: group.name, level: 2 }).waitFor();

    const lines = await exportCsv(page);
    assert.equal(
      lines[0],
      'Date;Type;Société;Contact;Utilisateur;Tâche;Échéance;Exécutée le;Notes;Commentaire;Modifications;Fiche de besoin;Statut',
    );
    assert.equal(lines.length - 1, alone.total);
    await context.close();
  });

  it('shows a company’s needs sheets: their creation and status changes, with the status colours and the comment', async () => {
    // A sheet written for a contact of a demo company, then moved on with a comment.
    const companies = await api<ListPage<CompanyListItem>>('/companies', {
      isActive: 1,
      sort: 'name',
      order: 'desc',
      perPage: 20,
    });
    let scene: { company: CompanyView; contactId: number } | null = null;
    for (const candidate of companies.items) {
      const view = await api<CompanyView>(`/company/${candidate.id}`);
      const contact = view.contacts.find((person) => person.isActive);
      if (contact) {
        scene = { company: view, contactId: contact.id };
        break;
      }
    }
    assert.ok(scene, 'a demo company with an active contact');
    const me = await api<{ id: number }>('/user');
    const statuses = await api<NeedsSheetStatus[]>('/need-statuses');
    const sheet = await apiPost<NeedsSheet>(stack.harness.system.api.url, stack.tokens.DIR, '/need/store', {
      companyId: scene.company.id,
      contactId: scene.contactId,
      title: 'Architecte cloud',
      seniority: 'expert',
      contractType: 'freelance',
      ownerId: me.id,
      recruiterIds: '[]',
    });
    const target = statuses.find((status) => status.isActive && status.id !== sheet.status.id)!;
    await apiPost(stack.harness.system.api.url, stack.tokens.DIR, `/need/${sheet.id}/status`, {
      statusId: target.id,
      comment: 'Client relancé par téléphone',
      version: sheet.version,
    });

    // Today only: the todos due in the weeks to come would come first.
    const today = toBusinessIsoDate(new Date());
    const { context, page } = await newPage(
      `/rapports/historique-contact?company=${scene.company.id}&filiales=0&du=${today}&au=${today}`,
      'Historique des contacts',
    );
    const timeline = page.getByRole('region', { name: 'Historique' });
    const changed = timeline
      .getByRole('listitem')
      .filter({ hasText: 'Changement de statut de la fiche de besoin' })
      .first();
    await changed.getByText(`${sheet.reference} · Architecte cloud`).waitFor();
    await changed.getByText('Commentaire : Client relancé par téléphone').waitFor();
    assert.equal(
      await changed.locator('.bo-report__subject').innerText(),
      `${scene.company.name} · ${sheet.contact.firstName} ${sheet.contact.lastName}`,
    );
    const tags = changed.locator('.ant-tag');
    assert.deepEqual(await tags.allInnerTexts(), [sheet.status.label, target.label]);
    const created = timeline
      .getByRole('listitem')
      .filter({ hasText: 'Création de la fiche de besoin' })
      .filter({ hasText: sheet.reference });
    await created.locator('.ant-tag', { hasText: sheet.status.label }).waitFor();

    const lines = await exportCsv(page);
    const step = lines.find((line) => line.includes('Client relancé par téléphone'));
    assert.ok(step, 'the status change is in the CSV');
    assert.deepEqual(step.split(';').slice(-2), [
      `${sheet.reference} Architecte cloud`,
      `${sheet.status.label} → ${target.label}`,
    ]);
    await context.close();
  });
});

describe('directory', () => {
  it('shows a group as a tree with its contacts’ links, found without accents, and exports it', async () => {
    const expected = await api<ListPage<DirectoryGroup>>('/reports/directory', { search: 'numeria', perPage: 20 });
    assert.equal(expected.total, 1);
    const group = expected.items[0];
    assert.ok(group.companies.length >= 3, 'Numéria and its two subsidiaries');

    const { context, page } = await newPage('/rapports/annuaire', 'Annuaire');
    await page.getByLabel('Rechercher').fill('numeria');
    await page.getByLabel('Rechercher').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === 'numeria');
    const tree = page.getByRole('list', { name: `Groupe ${group.name}` });
    await tree.waitFor();
    for (const company of group.companies) await tree.getByText(company.name, { exact: true }).waitFor();
    await page.locator('.bo-table__count').getByText('1 groupe').waitFor();

    const contact = group.companies
      .flatMap((company) => company.contacts)
      .find((person) => person.phone !== null && person.email !== null);
    assert.ok(contact, 'a contact with a phone and an e-mail');
    const mail = tree.getByRole('link', { name: contact.email! });
    assert.equal(await mail.getAttribute('href'), `mailto:${contact.email}`);
    assert.equal((await tree.locator(`a[href="tel:+${contact.phone!.slice(2)}"]`).count()) > 0, true);

    const lines = await exportCsv(page);
    assert.equal(lines[0], 'Groupe;Société;Société mère;Ville;Civilité;Prénom;Nom;Fonction;Téléphone;E-mail');
    const contacts = group.companies.reduce((count, company) => count + company.contacts.length, 0);
    // A line per company without contacts shown, a line per contact.
    const companiesWithout = group.companies.filter((company) => company.contacts.length === 0).length;
    assert.equal(lines.length - 1, contacts + companiesWithout);
    await context.close();
  });
});

describe('task report', () => {
  it('shows the team’s figures for this month, then last month, opens the todos behind a figure, and exports', async () => {
    const today = toBusinessIsoDate(new Date());
    const lastMonth = periodRange('lastMonth', today);
    const expected = await api<TaskReportRow[]>('/reports/tasks', { ...lastMonth, groupBy: 'user' });
    assert.ok(expected.length > 0, 'the demo team had todos last month');

    const { context, page } = await newPage('/rapports/taches', 'Rapport des tâches');
    const table = page.getByRole('table', { name: 'Rapport des tâches' });
    await table.waitFor();
    await pickOption(page, /^Période$/, 'Le mois dernier', pageBody(page));
    await page.waitForURL((url) => url.searchParams.get('periode') === 'lastMonth');
    const [y, m, d] = lastMonth.from.split('-');
    await page.getByText(`Du ${d}/${m}/${y}`).waitFor();
    const row = expected.find((candidate) => candidate.done > 0) ?? expected[0];
    const rowCells = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: row.trigram!, exact: true }) });
    await rowCells.getByRole('cell').nth(1).getByText(String(row.planned), { exact: true }).waitFor();
    const texts = await rowCells.getByRole('cell').allInnerTexts();
    const rate =
      row.onTimeRate === null ? '—' : `${String(Math.round(row.onTimeRate * 1000) / 10).replace('.', ',')} %`;
    assert.deepEqual(texts, [
      row.trigram,
      String(row.planned),
      String(row.done),
      String(row.doneLate),
      String(row.late),
      rate,
    ]);
    // The chart has its table of data.
    await page.getByText('Voir les données du graphique en tableau').waitFor();

    // The todos behind "Prévues" for this user.
    await rowCells.getByRole('button', { name: new RegExp(`^${row.planned} prévues pour ${row.trigram}`) }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText(`Prévues · ${row.trigram}`).waitFor();
    const behind = await api<ListPage<TaskReportTodo>>('/reports/tasks/todos', {
      ...lastMonth,
      figure: 'planned',
      userId: row.userId!,
      perPage: 20,
    });
    assert.equal(behind.total, row.planned);
    await drawer.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    assert.equal(await drawer.locator('.ant-table-tbody tr.ant-table-row').count(), Math.min(20, row.planned));
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    const lines = await exportCsv(page);
    assert.equal(lines[0], 'Utilisateur;Prévues;Abouties;Abouties en retard;En retard;Taux à temps');
    assert.deepEqual(
      lines.slice(1).map((line) => line.split(';').slice(0, 5)),
      expected.map((r) => [r.trigram, r.planned, r.done, r.doneLate, r.late].map(String)),
    );
    await context.close();
  });

  it('paints late as bad news, red and striped, readable on the card in the light and the dark theme', async () => {
    const today = toBusinessIsoDate(new Date());
    // A period with late todos, so that their bars are drawn.
    let preset = 'year';
    for (const candidate of ['month', 'lastMonth', 'quarter', 'year'] as const) {
      const rows = await api<TaskReportRow[]>('/reports/tasks', { ...periodRange(candidate, today), groupBy: 'user' });
      if (rows.some((row) => row.late > 0)) {
        preset = candidate;
        break;
      }
    }
    const hex = (rgb: string) =>
      `#${(rgb.match(/\d+/g) ?? [])
        .slice(0, 3)
        .map((n) => Number(n).toString(16).padStart(2, '0'))
        .join('')}`;
    for (const color of ['light', 'dark'] as const) {
      await stack.saveSettings('DIR', { color });
      const { context, page } = await newPage(`/rapports/taches?periode=${preset}`, 'Rapport des tâches');
      const figure = page.locator('figure.bo-chart');
      await figure.getByRole('img').waitFor();
      const legend = await figure.locator('.bo-chart__legend li').evaluateAll((items) =>
        items.map((item) => {
          const swatch = getComputedStyle(item.querySelector('.bo-chart__swatch')!);
          return { name: item.textContent, colour: swatch.backgroundColor, pattern: swatch.backgroundImage };
        }),
      );
      const card = hex(await figure.evaluate((element) => getComputedStyle(element).backgroundColor));
      assert.deepEqual(
        legend.map((entry) => entry.name),
        ['Abouties à temps', 'Abouties en retard', 'En retard'],
      );
      const [onTime, doneLate, late] = legend.map((entry) => ({ ...entry, hex: hex(entry.colour) }));
      // Red for late: more red than green or blue, and far from the on-time green.
      const [r, g, b] = (late.colour.match(/\d+/g) ?? []).map(Number);
      assert.ok(r > 150 && r > 2 * g && r > 2 * b, `late is red in the ${color} theme (${late.colour})`);
      const [, g0] = (onTime.colour.match(/\d+/g) ?? []).map(Number);
      assert.ok(
        g0 > (onTime.colour.match(/\d+/g) ?? []).map(Number)[0],
        `on time is green in the ${color} theme (${onTime.colour})`,
      );
      // Not by colour alone: late striped, done late dotted, on time plain.
      assert.match(late.pattern, /repeating-linear-gradient/);
      assert.match(doneLate.pattern, /radial-gradient/);
      assert.equal(onTime.pattern, 'none');
      // Each reads against the card (3:1, a graphic's contrast).
      for (const entry of [onTime, doneLate, late]) {
        assert.ok(
          (contrastRatio(entry.hex, card) ?? 0) >= 3,
          `${entry.name} on the card in the ${color} theme: ${contrastRatio(entry.hex, card)}`,
        );
      }
      // The bars of late todos are drawn in that red.
      const redPixels = await figure.locator('canvas').evaluate(
        (canvas: HTMLCanvasElement, target: number[]) => {
          const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
          let count = 0;
          for (let i = 0; i < data.length; i += 4) {
            if (
              Math.abs(data[i] - target[0]) < 3 &&
              Math.abs(data[i + 1] - target[1]) < 3 &&
              Math.abs(data[i + 2] - target[2]) < 3
            )
              count += 1;
          }
          return count;
        },
        [r, g, b],
      );
      assert.ok(redPixels > 20, `red bars on the canvas (${redPixels} pixels)`);
      await context.close();
    }
    await stack.saveSettings('DIR', { color: 'light' });
  });

  it('is refused to a business team member, and so are the statistics', async () => {
    const { context, page } = await stack.harness.newPage();
    await login(page, stack.base, 'COM', { save: true });
    await page.goto(`${stack.base}/rapports/taches`);
    await page.getByRole('heading', { name: 'Accès interdit' }).waitFor();
    await page.goto(`${stack.base}/rapports/stats`);
    await page.getByRole('heading', { name: 'Accès interdit' }).waitFor();
    await context.close();
  });
});

describe('statistics', () => {
  it('draws the months and the users, with the figures as tables, and exports them', async () => {
    const today = toBusinessIsoDate(new Date());
    const year = periodRange('year', today);
    const expected = await api<StatsRow[]>('/reports/stats', year);
    assert.ok(expected.length > 0);

    const { context, page } = await newPage('/rapports/stats', 'Statistiques');
    await page.getByRole('img', { name: /Par mois, toute l’équipe/ }).waitFor();
    await page.getByRole('img', { name: /Par utilisateur, sur la période/ }).waitFor();
    const table = page.getByRole('table', { name: 'Statistiques par mois et par utilisateur' });
    await table.waitFor();
    const doneThisYear = expected.reduce((sum, row) => sum + row.todosDone, 0);
    // The chart's own table: the months' totals.
    await page.getByText('Voir les données du graphique en tableau').first().click();
    const monthly = page.getByRole('table', { name: 'Par mois, toute l’équipe' });
    const doneColumn = await monthly.locator('tbody tr td:nth-child(5)').allInnerTexts();
    assert.equal(
      doneColumn.reduce((sum, text) => sum + Number(text.replace(/\s/g, '')), 0),
      doneThisYear,
    );

    // The needs sheets: a chart of their own over the months, and their figures in the table.
    await page.getByRole('img', { name: /Fiches de besoin de l’équipe, mois par mois/ }).waitFor();
    const sheetsChart = page.locator('figure', { hasText: 'Fiches de besoin de l’équipe, mois par mois' });
    await sheetsChart.getByText('Voir les données du graphique en tableau').click();
    const opened = await sheetsChart.getByRole('table').locator('tbody tr td:nth-child(2)').allInnerTexts();
    const openedThisYear = expected.reduce((sum, row) => sum + row.sheetsOpened, 0);
    assert.ok(openedThisYear > 0, 'the demo team received sheets this year');
    assert.equal(
      opened.reduce((sum, text) => sum + Number(text.replace(/\s/g, '')), 0),
      openedThisYear,
    );
    await table.getByRole('columnheader', { name: 'Délai médian pour pourvoir (jours)' }).waitFor();

    const lines = await exportCsv(page);
    assert.equal(
      lines[0],
      'Mois;Utilisateur;Nouveaux contacts;Contacts sortis de veille;Contacts en veille en fin de mois;Tâches abouties;' +
        'Fiches ouvertes;Fiches pourvues;Fiches perdues ou annulées;Délai médian pour pourvoir (jours)',
    );
    assert.equal(lines.length - 1, expected.length);
    assert.deepEqual(
      lines.slice(1).map((line) => line.split(';').slice(6, 9).map(Number)),
      expected.map((row) => [row.sheetsOpened, row.sheetsFilled, row.sheetsLost]),
    );
    await context.close();
  });
});
