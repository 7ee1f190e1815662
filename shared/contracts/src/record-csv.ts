import type { CompanyListItem } from './company';
import type { ContactListItem } from './contact-list';
import { frenchDate, type CsvColumn } from './csv';
import { personTitleLabels } from './user';
import { formatPhone, formatRegistrationId } from './validation';

// The columns of the companies' and contacts' CSV exports, written by the server (or by a page from its rows).
export const companyCsvColumns: readonly CsvColumn<CompanyListItem>[] = [
  { title: 'Raison sociale', value: (c) => c.name },
  { title: 'SIRET', value: (c) => formatRegistrationId(c.registrationId) },
  { title: 'Société mère', value: (c) => c.parent?.name },
  { title: 'Filiales', value: (c) => c.subsidiaryCount },
  { title: 'Contacts actifs', value: (c) => c.activeContactCount },
  { title: 'Adresse', value: (c) => c.address },
  { title: 'Code postal', value: (c) => c.postalCode },
  { title: 'Ville', value: (c) => c.city },
  { title: 'Téléphone', value: (c) => (c.phone === null ? null : formatPhone(c.phone)) },
  { title: 'Site web', value: (c) => c.website },
  { title: 'Secteur', value: (c) => c.sector },
  { title: 'Propriétaire', value: (c) => c.owner.trigram },
  { title: 'Active', value: (c) => c.isActive },
];

export const contactCsvColumns: readonly CsvColumn<ContactListItem>[] = [
  { title: 'Civilité', value: (c) => personTitleLabels[c.title] },
  { title: 'Prénom', value: (c) => c.firstName },
  { title: 'Nom', value: (c) => c.lastName },
  { title: 'Société', value: (c) => c.company?.name },
  { title: 'Fonction', value: (c) => c.jobTitle },
  { title: 'Téléphone', value: (c) => (c.phone === null ? null : formatPhone(c.phone)) },
  { title: 'E-mail', value: (c) => c.email },
  { title: 'Propriétaire', value: (c) => c.owner.trigram },
  // A date in a cell of its own (dd/MM/yyyy, a date to a spreadsheet), its task in the next one.
  { title: 'Prochaine tâche : échéance', value: (c) => (c.nextTodo === null ? null : frenchDate(c.nextTodo.deadline)) },
  { title: 'Prochaine tâche', value: (c) => c.nextTodo?.task.description },
  { title: 'Dernière tâche aboutie : date', value: (c) => (c.lastTodo === null ? null : frenchDate(c.lastTodo.executionDate ?? c.lastTodo.deadline)) },
  { title: 'Dernière tâche aboutie', value: (c) => c.lastTodo?.task.description },
  { title: 'En veille', value: (c) => !c.isActive },
];
