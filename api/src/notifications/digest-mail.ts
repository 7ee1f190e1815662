import { addDays, escapeHtml, recordPaths, UNSUBSCRIBE_PARAM, UNSUBSCRIBE_PATH } from '@bo/contracts/all';
import type { DigestContent, DigestRecipient, DigestTodo } from '../repositories/digests';

// The daily digest's e-mail (docs/notifications.md), in French, as text and HTML: the todos due today and overdue,
// grouped by contact, each contact a link to its panel; the sheets whose deadline falls this week; the link that turns
// the digest off without logging in.

export type DigestMail = { subject: string; text: string; html: string; unsubscribeUrl: string };

const longDate = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const shortDate = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
const asDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

// The last day (Sunday) of the week `day` is in: the digest's sheets are those due by then.
export function weekEnd(day: string): string {
  const weekday = asDate(day).getUTCDay(); // 0 is Sunday
  return addDays(day, weekday === 0 ? 0 : 7 - weekday);
}

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

type ContactGroup = { contactId: number; contactName: string; companyName: string | null; todos: DigestTodo[] };

function byContact(todos: DigestTodo[]): ContactGroup[] {
  const groups = new Map<number, ContactGroup>();
  for (const todo of todos) {
    const group = groups.get(todo.contactId) ?? {
      contactId: todo.contactId,
      contactName: todo.contactName,
      companyName: todo.companyName,
      todos: [],
    };
    group.todos.push(todo);
    groups.set(todo.contactId, group);
  }
  return [...groups.values()];
}

export function digestMail(options: {
  recipient: DigestRecipient;
  day: string;
  content: DigestContent;
  appUrl: string;
  unsubscribeToken: string;
}): DigestMail {
  const { recipient, day, content, appUrl } = options;
  const link = (path: string) => `${appUrl}${path}`;
  const unsubscribeUrl = link(
    `${UNSUBSCRIBE_PATH}?${UNSUBSCRIBE_PARAM}=${encodeURIComponent(options.unsubscribeToken)}`,
  );
  const today = content.todos.filter((todo) => todo.deadline === day).length;
  const overdue = content.todos.length - today;
  const counts = [
    today > 0 ? `${plural(today, 'tâche', 'tâches')} aujourd’hui` : null,
    overdue > 0 ? `${plural(overdue, 'en retard', 'en retard')}` : null,
    content.sheets.length > 0 ? plural(content.sheets.length, 'fiche à échéance', 'fiches à échéance') : null,
  ].filter((part) => part !== null);
  const subject = `Votre journée du ${longDate.format(asDate(day))} : ${counts.join(', ')}`;
  const groups = byContact(content.todos);
  const when = (todo: DigestTodo) =>
    todo.deadline === day ? 'aujourd’hui' : `en retard, prévue le ${shortDate.format(asDate(todo.deadline))}`;
  const contactLine = (group: ContactGroup) =>
    group.companyName === null ? group.contactName : `${group.contactName} (${group.companyName})`;

  const text = [
    `Bonjour ${recipient.firstName},`,
    '',
    ...(groups.length === 0
      ? ['Aucune tâche pour aujourd’hui ni en retard.']
      : [
          `Vos tâches du jour et en retard (${content.todos.length}) :`,
          ...groups.flatMap((group) => [
            '',
            `${contactLine(group)} — ${link(recordPaths.contact(group.contactId))}`,
            ...group.todos.map(
              (todo) => `  - ${todo.task}, ${when(todo)}${todo.notes === '' ? '' : ` : ${todo.notes}`}`,
            ),
          ]),
        ]),
    ...(content.sheets.length === 0
      ? []
      : [
          '',
          `Fiches de besoin dont l’échéance tombe cette semaine (${content.sheets.length}) :`,
          ...content.sheets.map(
            (sheet) =>
              `  - ${sheet.reference} — ${sheet.title}, le ${shortDate.format(asDate(sheet.deadline))} — ${link(recordPaths.needsSheet(sheet.id))}`,
          ),
        ]),
    '',
    `Ouvrir l’agenda : ${link('/agenda')}`,
    '',
    '--',
    `Choisir l’heure de ce résumé : ${link('/mon-compte')}`,
    `Ne plus recevoir ce résumé : ${unsubscribeUrl}`,
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #1f1f1f; line-height: 1.5">
<p>Bonjour ${e(recipient.firstName)},</p>
${
  groups.length === 0
    ? '<p>Aucune tâche pour aujourd’hui ni en retard.</p>'
    : `<h2 style="font-size: 16px">Vos tâches du jour et en retard (${content.todos.length})</h2>
${groups
  .map(
    (
      group,
    ) => `<h3 style="font-size: 14px; margin-bottom: 4px"><a href="${e(link(recordPaths.contact(group.contactId)))}">${e(contactLine(group))}</a></h3>
<ul style="margin-top: 0">${group.todos
      .map(
        (todo) =>
          `<li>${e(todo.task)}, <span style="color: ${todo.deadline === day ? '#1f1f1f' : '#b3261e'}">${e(when(todo))}</span>${todo.notes === '' ? '' : ` : ${e(todo.notes)}`}</li>`,
      )
      .join('')}</ul>`,
  )
  .join('\n')}`
}
${
  content.sheets.length === 0
    ? ''
    : `<h2 style="font-size: 16px">Fiches de besoin dont l’échéance tombe cette semaine (${content.sheets.length})</h2>
<ul>${content.sheets
        .map(
          (sheet) =>
            `<li><a href="${e(link(recordPaths.needsSheet(sheet.id)))}">${e(sheet.reference)} — ${e(sheet.title)}</a>, le ${e(shortDate.format(asDate(sheet.deadline)))}</li>`,
        )
        .join('')}</ul>`
}
<p><a href="${e(link('/agenda'))}">Ouvrir l’agenda</a></p>
<hr>
<p style="font-size: 12px; color: #5f5f5f"><a href="${e(link('/mon-compte'))}">Choisir l’heure de ce résumé</a> · <a href="${e(unsubscribeUrl)}">Ne plus recevoir ce résumé</a></p>
</body></html>`;
  return { subject, text, html, unsubscribeUrl };
}
