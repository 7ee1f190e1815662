import { contentLines, escapeText } from './text-lines';

export type VcardPerson = {
  uid: string;
  firstName: string;
  lastName: string;
  title: string | null;
  jobTitle: string | null;
  company: string | null;
  email: string | null;
  // Stored 0033XXXXXXXXX.
  phone: string | null;
};

// A vCard 4.0 (RFC 6350) that a phone's address book takes as it is.
export function vcard(person: VcardPerson): string {
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    `UID:${person.uid}`,
    `FN:${escapeText(`${person.firstName} ${person.lastName}`.trim())}`,
    `N:${escapeText(person.lastName)};${escapeText(person.firstName)};;${escapeText(person.title ?? '')};`,
  ];
  if (person.company !== null) lines.push(`ORG:${escapeText(person.company)}`);
  if (person.jobTitle !== null) lines.push(`TITLE:${escapeText(person.jobTitle)}`);
  if (person.phone !== null) lines.push(`TEL;VALUE=uri;TYPE=work,voice:tel:+${person.phone.replace(/^00/, '')}`);
  if (person.email !== null) lines.push(`EMAIL;TYPE=work:${person.email}`);
  lines.push('END:VCARD');
  return contentLines(lines);
}
