// The admin remote's pages in Chromium against the real API, as the administrator (ADM) uses them: task types,
// phrases, users and teams.
import type { AdminUser, Phrase, Task, TaskType } from '@bo/contracts/all';
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { apiPost, DEMO_PASSWORD, login, pickOption, useStack } from './harness';

const stack = useStack({ users: ['ADM'] });
const { it, api, newPage } = stack;

const panel = (page: Page) => page.getByRole('dialog');

describe('task types', () => {
  it('creates a type: a duplicate description refused under its field, an unreadable one refused, then a readable one', async () => {
    const { context, page } = await newPage('/gestion-taches', 'Types de tâches');
    const existing = await api<TaskType[]>('/admin/tasks');
    await page.getByRole('table', { name: 'Types de tâches' }).waitFor();
    await page.getByRole('button', { name: 'Nouveau type de tâche' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'new');

    // A description already taken, case aside: existingTitle under the field, nothing created.
    await panel(page)
      .getByLabel(/^Description/)
      .fill(existing[0].description.toUpperCase());
    await panel(page).getByRole('button', { name: 'Créer le type' }).click();
    await panel(page).getByRole('alert').filter({ hasText: 'Titre existant' }).waitFor();
    assert.equal((await api<TaskType[]>('/admin/tasks')).length, existing.length);

    // Yellow text on white: the preview warns, in both themes' figures.
    const name = `Visite sur site ${Date.now()}`;
    await panel(page)
      .getByLabel(/^Description/)
      .fill(name);
    await panel(page)
      .getByLabel(/^Couleur de fond/)
      .fill('#ffffff');
    await panel(page)
      .getByLabel(/^Couleur du texte/)
      .fill('#ffff00');
    await panel(page)
      .getByText(/Contraste insuffisant : 1,07:1/)
      .waitFor();
    const preview = panel(page).getByRole('group', { name: 'Aperçu dans le calendrier' });
    assert.deepEqual(await preview.locator('figcaption').allInnerTexts(), ['Thème clair', 'Thème sombre']);
    // Saved so: refused under the text colour, nothing created.
    await panel(page).getByRole('button', { name: 'Créer le type' }).click();
    await panel(page).getByText('Texte illisible sur ce fond : le contraste doit atteindre au moins 4,5:1').waitFor();
    assert.equal(
      await panel(page)
        .getByLabel(/^Couleur du texte/)
        .getAttribute('aria-invalid'),
      'true',
    );
    assert.equal((await api<TaskType[]>('/admin/tasks')).length, existing.length);
    // An upper-case colour is stored the contracts' way (lower case); a bad one is refused under its field.
    await panel(page)
      .getByLabel(/^Couleur du texte/)
      .fill('#1E3A8A');
    assert.equal(
      await panel(page)
        .getByLabel(/^Couleur du texte/)
        .inputValue(),
      '#1e3a8a',
    );
    await panel(page)
      .getByText(/Contraste du texte : .* niveau AA atteint/)
      .waitFor();
    await panel(page)
      .getByLabel(/^Couleur de bordure/)
      .fill('bleu');
    await panel(page).getByRole('button', { name: 'Créer le type' }).click();
    await panel(page).getByText('Entrée non valide').waitFor();
    await panel(page)
      .getByLabel(/^Couleur de bordure/)
      .fill('#1d4ed8');
    await panel(page).getByRole('button', { name: 'Créer le type' }).click();
    await page.getByText('Type de tâche créé').first().waitFor();
    await panel(page).getByText(`Type de tâche : ${name}`).waitFor();

    const id = Number(new URL(page.url()).searchParams.get('type'));
    const saved = (await api<TaskType[]>('/admin/tasks')).find((type) => type.id === id);
    assert.deepEqual(saved?.style, { backgroundColor: '#ffffff', borderColor: '#1d4ed8', color: '#1e3a8a' });
    assert.equal(saved?.order, Math.max(...existing.map((type) => type.order)) + 1, 'a new type comes last');
    await context.close();
  });

  it('reorders with the keyboard and deactivates a type: no longer offered for new todos', async () => {
    const { context, page } = await newPage('/gestion-taches', 'Types de tâches');
    const before = await api<TaskType[]>('/admin/tasks');
    const [first, second] = before;
    await page.getByRole('table', { name: 'Types de tâches' }).waitFor();
    // The second type moves up with its ↑ button, from the keyboard.
    await page.getByRole('button', { name: `Monter ${second.description}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Ordre enregistré').first().waitFor();
    const after = await api<TaskType[]>('/admin/tasks');
    assert.deepEqual(
      after.slice(0, 2).map((type) => type.id),
      [second.id, first.id],
    );
    const firstCells = await page
      .getByRole('table', { name: 'Types de tâches' })
      .locator('tbody tr.ant-table-row td:nth-child(2)')
      .allInnerTexts();
    assert.deepEqual(firstCells.slice(0, 2), [second.description, first.description]);

    // Reload: the order is the server's.
    await page.reload();
    await page.getByRole('button', { name: `Ouvrir le type ${first.description}` }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === String(first.id));
    await panel(page)
      .getByRole('switch', { name: /Proposé pour les nouvelles tâches/ })
      .click();
    await panel(page).getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Type de tâche enregistré').first().waitFor();
    const offered = await api<Task[]>('/tasks');
    assert.ok(!offered.some((task) => task.id === first.id), 'an inactive type is not offered');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('type'));
    await page
      .getByRole('table', { name: 'Types de tâches' })
      .getByRole('row', { name: new RegExp(first.description) })
      .getByText('Inactif')
      .waitFor();
    await context.close();
  });
});

describe('phrases', () => {
  it('creates phrases in a category, refuses one twice, filters by category, and withdraws one from the pickers', async () => {
    const { context, page } = await newPage('/phrases', 'Phrases');
    const category = `Relance ${Date.now()}`;
    const add = async (text: string, order?: string) => {
      await page.getByRole('button', { name: 'Nouvelle phrase' }).click();
      await panel(page)
        .getByLabel(/^Catégorie/)
        .fill(category);
      await panel(page)
        .getByLabel(/^Texte/)
        .fill(text);
      if (order)
        await panel(page)
          .getByLabel(/^Ordre dans la catégorie/)
          .fill(order);
      await panel(page).getByRole('button', { name: 'Créer la phrase' }).click();
    };
    await add('Relancer dans une semaine', '2');
    await page.getByText('Phrase créée').first().waitFor();
    await panel(page).getByText(`Phrase : ${category}`).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('phrase'));
    await add('Attente du devis', '1');
    await panel(page).getByText(`Phrase : ${category}`).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('phrase'));

    // The same text again in the same category, case aside: refused under the field.
    await add('ATTENTE DU DEVIS');
    await panel(page).getByRole('alert').filter({ hasText: 'Valeur existante' }).waitFor();
    await panel(page).getByRole('button', { name: 'Annuler' }).click();
    const discard = page.getByRole('button', { name: 'Abandonner' });
    await discard.click();
    await page.waitForURL((url) => !url.searchParams.has('phrase'));
    // As a person would, typing once the question has gone: on leaving, it gives the focus back to the page.
    await discard.waitFor({ state: 'detached' });

    // Searching the category: its two phrases, in the admin's order; the address keeps the view.
    await page.getByLabel('Rechercher').fill(category);
    await page.getByLabel('Rechercher').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === category);
    const rows = page.locator('.bo-list .ant-table-tbody tr.ant-table-row');
    await page.locator('.bo-table__count').filter({ hasText: '2 phrases' }).waitFor();
    assert.deepEqual(await rows.locator('td:nth-child(3)').allInnerTexts(), [
      'Attente du devis',
      'Relancer dans une semaine',
    ]);

    await rows.filter({ hasText: 'Attente du devis' }).click();
    await panel(page)
      .getByRole('switch', { name: /Proposée dans les notes/ })
      .click();
    await panel(page).getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Phrase enregistrée').first().waitFor();
    const picker = await api<Phrase[]>('/phrases');
    assert.deepEqual(
      picker.filter((phrase) => phrase.category === category).map((phrase) => phrase.text),
      ['Relancer dans une semaine'],
    );
    const all = await api<Phrase[]>('/admin/phrases');
    assert.equal(all.filter((phrase) => phrase.category === category).length, 2);

    // Its history says who did what: the withdrawal by ADM above its creation.
    await panel(page).getByRole('tab', { name: 'Historique' }).click();
    const story = panel(page).getByRole('region', { name: 'Historique de la phrase' });
    await story.getByText('Active : Oui → Non').waitFor();
    assert.deepEqual(await story.locator('.bo-history__entry > div:first-child').allInnerTexts(), [
      'Modification',
      'Création',
    ]);
    assert.ok((await story.locator('.bo-history__meta').allInnerTexts()).every((meta) => meta.endsWith('· ADM')));
    await context.close();
  });
});

describe('the phrase picker', () => {
  it('inserts a phrase, found by typing, at the caret of a todo’s notes in the agenda', async () => {
    await apiPost<Phrase>(stack.harness.system.api.url, stack.tokens.ADM, '/admin/phrase/store', {
      category: 'Suivi',
      text: 'Attente du devis signé',
      order: 1,
    });
    const { context, page } = await newPage('/agenda', 'Agenda');
    await page.getByRole('button', { name: 'Ajouter une tâche' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une tâche' });
    const notes = dialog.getByLabel('Notes');
    await notes.fill('Appel fait. À relancer lundi.');
    // The caret after "Appel fait." (11 characters), then the picker, searched by typing.
    await notes.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(11, 11));
    const picker = dialog.getByRole('combobox', { name: 'Insérer une phrase prédéfinie' });
    await picker.click();
    await picker.fill('devis sig');
    await page.locator('.ant-select-dropdown:visible').getByText('Attente du devis signé').waitFor();
    await picker.press('Enter');
    await page.waitForFunction(
      () =>
        (document.activeElement as HTMLTextAreaElement | null)?.value ===
        'Appel fait. Attente du devis signé À relancer lundi.',
    );
    assert.equal(await notes.inputValue(), 'Appel fait. Attente du devis signé À relancer lundi.');
    await context.close();
  });
});

describe('users and teams', () => {
  it('creates a user: the password policy said before sending, a taken trigram refused, then the user logs in', async () => {
    const { context, page } = await newPage('/liste-utilisateurs', 'Utilisateurs');
    await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
    await page.waitForURL((url) => url.searchParams.get('user') === 'new');
    await panel(page)
      .getByLabel(/^Trigramme/)
      .fill('com');
    await panel(page)
      .getByLabel(/^Prénom/)
      .fill('Nora');
    await panel(page).getByLabel(/^Nom/).fill('Ouvrard');
    await panel(page)
      .getByLabel(/^Email/)
      .fill('nora.ouvrard@example.fr');
    await panel(page)
      .getByLabel(/^Mot de passe initial/)
      .fill('Ouvrard-2026-bis');
    await panel(page).getByRole('button', { name: 'Créer l’utilisateur' }).click();
    await panel(page)
      .getByRole('alert')
      .filter({ hasText: /Mot de passe trop faible : ni le trigramme, ni le prénom, ni le nom/ })
      .waitFor();

    await panel(page)
      .getByLabel(/^Mot de passe initial/)
      .fill('Gris-Tulipe-Vent-48');
    await panel(page).getByRole('button', { name: 'Créer l’utilisateur' }).click();
    await panel(page).getByRole('alert').filter({ hasText: 'Trigramme existant' }).waitFor();
    await panel(page)
      .getByLabel(/^Trigramme/)
      .fill('nou');
    await panel(page).getByRole('button', { name: 'Créer l’utilisateur' }).click();
    await page.getByText('Utilisateur créé').first().waitFor();
    await panel(page).getByText('Utilisateur : NOU – Nora Ouvrard').waitFor();
    const created = (await api<AdminUser[]>('/admin/users')).find((user) => user.trigram === 'NOU');
    assert.deepEqual(created?.role, {
      admin: false,
      businessLeader: false,
      businessTeam: true,
      recruitmentTeam: false,
    });
    await context.close();

    // The new user logs in with the first password the admin gave.
    const other = await stack.harness.newPage();
    await other.page.goto(`${stack.base}/`);
    await other.page.getByLabel('Trigramme').fill('NOU');
    await other.page.getByLabel('Mot de passe').fill('Gris-Tulipe-Vent-48');
    await other.page.getByRole('button', { name: 'Se connecter' }).click();
    await other.page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    await other.context.close();
  });

  it('refuses to deactivate a user with contacts, then deactivates after reassigning them; their session ends at once', async () => {
    // COM is logged in elsewhere.
    const com = await stack.harness.newPage();
    await login(com.page, stack.base, 'COM', { save: true });

    const users = await api<AdminUser[]>('/admin/users');
    const target = users.find((user) => user.trigram === 'COM')!;
    assert.ok(target.contactCount > 0, 'the demo data gives COM contacts');
    const { context, page } = await newPage(`/liste-utilisateurs?user=${target.id}`, 'Utilisateurs');
    await panel(page)
      .getByText(/Utilisateur : COM/)
      .waitFor();
    await panel(page)
      .getByRole('switch', { name: /Compte actif/ })
      .click();
    await panel(page).getByText('Avant de désactiver ce compte').waitFor();
    await panel(page).getByRole('button', { name: 'Enregistrer' }).click();
    await panel(page)
      .getByRole('alert')
      .filter({ hasText: 'Impossible de désactiver un compte qui a des contacts actifs' })
      .waitFor();
    assert.equal((await api<AdminUser[]>('/admin/users')).find((user) => user.id === target.id)?.isActive, true);

    // Reassigned from the same panel, to DIR.
    await panel(page)
      .getByRole('button', { name: `Réassigner ses contacts (${target.contactCount})` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /Changer le propriétaire/ });
    await pickOption(page, 'Nouveau propriétaire', 'DIR – Laurent Girard', dialog);
    await dialog.getByRole('button', { name: 'Réassigner' }).click();
    await page
      .getByText(/contacts? réassignés? à DIR/)
      .first()
      .waitFor();
    // Nothing stands in the way any more: the warning goes.
    await panel(page).getByText('Avant de désactiver ce compte').waitFor({ state: 'detached' });
    await panel(page).getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Utilisateur enregistré').first().waitFor();
    const after = (await api<AdminUser[]>('/admin/users')).find((user) => user.id === target.id);
    assert.deepEqual([after?.isActive, after?.contactCount], [false, 0]);

    // COM's open session is over: the next call sends them back to the login card.
    await com.page.reload();
    await com.page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await com.context.close();

    // The team view: DIR's team still lists COM, as inactive.
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Équipes' }).click();
    await page.waitForURL((url) => url.searchParams.get('vue') === 'equipes');
    const team = page.getByRole('region', { name: 'Équipe de DIR' });
    await team.getByText('COM – ').waitFor();
    assert.match(await team.innerText(), /Inactif/);
    await context.close();
  });

  it('gives a leader’s team to another leader from the panel', async () => {
    const users = await api<AdminUser[]>('/admin/users');
    const dir = users.find((user) => user.trigram === 'DIR')!;
    const members = users.filter((user) => user.leaderId === dir.id);
    assert.ok(members.length > 0, 'DIR leads a team in the demo data');
    const { context, page } = await newPage(`/liste-utilisateurs?user=${dir.id}`, 'Utilisateurs');
    await panel(page)
      .getByRole('tab', { name: /Contacts et équipe/ })
      .click();
    const list = panel(page).getByRole('region', { name: 'Membres de l’équipe de DIR' });
    await list.getByText('REC – ').waitFor();
    await panel(page)
      .getByRole('button', { name: `Changer le responsable de son équipe (${members.length})` })
      .click();
    const dialog = page.getByRole('dialog', { name: /Changer le responsable des membres/ });
    await pickOption(page, 'Nouveau responsable', 'Aucun responsable', dialog);
    await dialog.getByRole('button', { name: 'Rattacher' }).click();
    await page
      .getByText(/membres? d’équipe rattachés? à un autre responsable/)
      .first()
      .waitFor();
    await panel(page).getByText('Aucun membre d’équipe').waitFor();
    const after = await api<AdminUser[]>('/admin/users');
    assert.ok(members.every((member) => after.find((user) => user.id === member.id)?.leaderId === null));
    await context.close();
  });

  it('keeps the admin’s own role and account out of reach in the form', async () => {
    const users = await api<AdminUser[]>('/admin/users');
    const admin = users.find((user) => user.trigram === 'ADM')!;
    const { context, page } = await newPage(`/liste-utilisateurs?user=${admin.id}`, 'Utilisateurs');
    await panel(page)
      .getByText(/Utilisateur : ADM/)
      .waitFor();
    assert.equal(
      await panel(page)
        .getByRole('switch', { name: /Compte actif/ })
        .isDisabled(),
      true,
    );
    assert.equal(await panel(page).getByRole('checkbox', { name: 'Administrateur' }).isDisabled(), true);
    await context.close();
  });
});

describe('my account', () => {
  const NEW_PASSWORD = 'Gris-Tulipe-Vent-48';

  async function loginWith(trigram: string, password: string) {
    const opened = await stack.harness.newPage();
    await opened.page.goto(`${stack.base}/`);
    await opened.page.getByLabel('Trigramme').fill(trigram);
    await opened.page.getByLabel('Mot de passe').fill(password);
    const toggle = opened.page.getByRole('switch', { name: 'Se souvenir de moi' });
    if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
    await opened.page.getByRole('button', { name: 'Se connecter' }).click();
    await opened.page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    return opened;
  }

  it('changes the password under the policy, then logs in with the new one', async () => {
    const { context, page } = await loginWith('REC', DEMO_PASSWORD);
    await page.goto(`${stack.base}/mon-compte`);
    const form = page.getByRole('form', { name: 'Changer le mot de passe' });
    await form.getByLabel(/^Mot de passe actuel/).fill('pas le bon');
    await form.getByLabel(/^Nouveau mot de passe/).fill('Court-1');
    await form.getByLabel(/^Confirmation du nouveau mot de passe/).fill('Court-1');
    await form.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await form.getByRole('alert').filter({ hasText: 'Mot de passe trop faible : au moins 12 caractères' }).waitFor();

    await form.getByLabel(/^Nouveau mot de passe/).fill(NEW_PASSWORD);
    await form.getByLabel(/^Confirmation du nouveau mot de passe/).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await form.getByRole('alert').filter({ hasText: "Echec de l'autentification" }).waitFor();
    await form.getByLabel(/^Mot de passe actuel/).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Mot de passe modifié').first().waitFor();
    await context.close();

    const again = await loginWith('REC', NEW_PASSWORD);
    await again.context.close();
  });

  it('lists the open sessions, ends one of another browser, and "log out everywhere" ends the rest', async () => {
    const elsewhere = await loginWith('REC', NEW_PASSWORD);
    const third = await loginWith('REC', NEW_PASSWORD);
    const here = await loginWith('REC', NEW_PASSWORD);
    await here.page.goto(`${stack.base}/mon-compte`);
    // Each session is an item named after its device and start (its action buttons are list items of their own).
    const sessions = here.page
      .getByRole('region', { name: 'Sessions ouvertes' })
      .getByRole('listitem', { name: /, ouverte le / });
    // This one first and marked; the other browsers after it, the latest first, each with its device.
    await sessions.first().getByText('Cette session').waitFor();
    assert.ok((await sessions.count()) >= 3);
    assert.match(await sessions.first().innerText(), /Chrome sur Linux/);
    assert.equal(await sessions.nth(1).getByText('Cette session').count(), 0);
    await sessions
      .nth(1)
      .getByRole('button', { name: /^Fermer la session Chrome sur Linux/ })
      .click();
    await here.page.getByRole('dialog').getByRole('button', { name: 'Fermer la session' }).click();
    await here.page.getByText('Session fermée').first().waitFor();

    // The browser whose session was ended lands on the login card at its next call; the others go on.
    await third.page.reload();
    await third.page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await elsewhere.page.reload();
    await elsewhere.page.getByRole('navigation', { name: 'Menu principal' }).waitFor();

    await here.page.getByRole('button', { name: 'Se déconnecter partout' }).click();
    await here.page.getByRole('dialog').getByRole('button', { name: 'Se déconnecter partout' }).click();
    await here.page.getByRole('button', { name: 'Se connecter' }).waitFor();

    // The other browser's next call is refused: back to the login card.
    await elsewhere.page.reload();
    await elsewhere.page.getByRole('button', { name: 'Se connecter' }).waitFor();
    assert.equal(await elsewhere.page.evaluate(() => localStorage.getItem('token')), null);
    await Promise.all([here.context.close(), elsewhere.context.close(), third.context.close()]);
  });

  it('keeps the agenda settings on the account: another browser opens the agenda on the week, pending todos only', async () => {
    const first = await loginWith('DIR', DEMO_PASSWORD);
    await first.page.goto(`${stack.base}/mon-compte`);
    const agenda = first.page.getByRole('region', { name: 'Agenda' });
    // Each choice is saved on the account as soon as it is made.
    const saved = () =>
      first.page.waitForResponse((response) => response.url().endsWith('/user/settings') && response.ok());
    // The choice shows once the page has handled the click (a moment later, not within the click itself).
    const choose = async (region: Locator, name: string, response: () => Promise<unknown>) => {
      await Promise.all([response(), region.getByRole('radio', { name }).click()]);
      await region.getByRole('radio', { name, checked: true }).waitFor();
    };
    await choose(agenda, 'Semaine', saved);
    await choose(agenda, 'En cours seulement', saved);
    await first.context.close();

    const second = await loginWith('DIR', DEMO_PASSWORD);
    await second.page.goto(`${stack.base}/agenda`);
    await second.page.locator('.fc-dayGridWeek-view').waitFor();
    assert.equal(
      await second.page.getByRole('switch', { name: 'Tâches en cours uniquement' }).getAttribute('aria-checked'),
      'true',
    );
    // Back to the defaults, from the same page.
    await second.page.goto(`${stack.base}/mon-compte`);
    const back = () =>
      second.page.waitForResponse((response) => response.url().endsWith('/user/settings') && response.ok());
    await choose(second.page.getByRole('region', { name: 'Agenda' }), 'Mois', back);
    await choose(second.page.getByRole('region', { name: 'Agenda' }), 'Toutes', back);
    await second.context.close();
  });
});
