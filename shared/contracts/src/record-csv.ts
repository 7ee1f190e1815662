import type { CompanyListItem } from './company';
import type { ContactListItem } from './contact-list';
import { frenchDate, type CsvColumn } from './csv';
import { companyFieldLabels as company, contactFieldLabels as contact, EMAIL_FILE_LABEL } from './record-labels';
import { personTitleLabels } from './user';
import { formatPhone, formatRegistrationId } from './validation';

// The columns of the companies' and contacts' CSV exports, written by the server (or by a page from its rows).
export const companyCsvColumns: readonly CsvColumn<CompanyListItem>[] = [
  { title: company.name, value: (c) => c.name },
  { title: company.registrationId, value: (c) => formatRegistrationId(c.registrationId) },
  { title: company.parentId, value: (c) => c.parent?.name },
  { title: 'Filiales', value: (c) => c.subsidiaryCount },
  { title: 'Contacts actifs', value: (c) => c.activeContactCount },
  { title: company.address, value: (c) => c.address },
  { title: company.postalCode, value: (c) => c.postalCode },
  { title: company.city, value: (c) => c.city },
  { title: company.phone, value: (c) => (c.phone === null ? null : formatPhone(c.phone)) },
  { title: company.website, value: (c) => c.website },
  { title: company.sector, value: (c) => c.sector },
  { title: company.ownerId, value: (c) => c.owner.trigram },
  { title: company.isActive, value: (c) => c.isActive },
];

export const contactCsvColumns: readonly CsvColumn<ContactListItem>[] = [
  { title: contact.title, value: (c) => personTitleLabels[c.title] },
  { title: contact.firstName, value: (c) => c.firstName },
  { title: contact.lastName, value: (c) => c.lastName },
  { title: contact.companyId, value: (c) => c.company?.name },
  { title: contact.jobTitle, value: (c) => c.jobTitle },
  { title: contact.phone, value: (c) => (c.phone === null ? null : formatPhone(c.phone)) },
  { title: EMAIL_FILE_LABEL, value: (c) => c.email },
  { title: contact.ownerId, value: (c) => c.owner.trigram },
  // A date in a cell of its own (dd/MM/yyyy, a date to a spreadsheet), its task in the next one.
  { title: 'Prochaine tâche : échéance', value: (c) => (c.nextTodo === null ? null : frenchDate(c.nextTodo.deadline)) },
  { title: 'Prochaine tâche', value: (c) => c.nextTodo?.task.description },
  {
    title: 'Dernière tâche aboutie : date',
    value: (c) => (c.lastTodo === null ? null : frenchDate(c.lastTodo.executionDate ?? c.lastTodo.deadline)),
  },
  { title: 'Dernière tâche aboutie', value: (c) => c.lastTodo?.task.description },
  { title: 'En veille', value: (c) => !c.isActive },
];
