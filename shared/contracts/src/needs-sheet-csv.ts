import { frenchDate, type CsvColumn } from './csv';
import { needsPriorityLabels, type NeedsSheetListItem } from './needs-sheet';

// The needs sheets' CSV export, as the list shows them.
export const needsSheetCsvColumns: readonly CsvColumn<NeedsSheetListItem>[] = [
  { title: 'Référence', value: (s) => s.reference },
  { title: 'Intitulé', value: (s) => s.title },
  { title: 'Société', value: (s) => s.company.name },
  { title: 'Contact', value: (s) => `${s.contact.firstName} ${s.contact.lastName}` },
  { title: 'Statut', value: (s) => s.status.label },
  { title: 'Priorité', value: (s) => needsPriorityLabels[s.priority] },
  { title: 'Postes pourvus', value: (s) => s.positionsFilled },
  { title: 'Postes demandés', value: (s) => s.positions },
  { title: 'Responsable', value: (s) => s.owner.trigram },
  { title: 'Recruteurs', value: (s) => s.recruiters.map((r) => r.trigram).join(', ') },
  { title: 'Reçue le', value: (s) => frenchDate(s.receivedDate) },
  { title: 'Échéance', value: (s) => frenchDate(s.deadline) },
];
