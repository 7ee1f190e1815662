import {
  contractTypeLabels,
  frenchDate,
  needsPriorityLabels,
  seniorityLabels,
  type NeedsSheet,
} from '@bo/contracts/needs-sheets';
import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { placeText, positionsText, rateText } from './sheet-texts';

// The sheet as it is handed to a candidate or a recruiter: one A4 page (the print style sheet shows this block
// alone), the same text on screen as a preview.
export function SheetPrintView({ sheet }: { sheet: NeedsSheet }) {
  const rows: [string, string][] = [
    ['Société', sheet.company.name],
    ['Contact', `${sheet.contact.firstName} ${sheet.contact.lastName}`],
    ['Séniorité', seniorityLabels[sheet.seniority]],
    ['Type de contrat', contractTypeLabels[sheet.contractType]],
    ['Lieu', placeText(sheet.place, sheet.remoteDays)],
    ['Démarrage', sheet.startDate ? frenchDate(sheet.startDate) : 'Dès que possible'],
    ['Durée', sheet.durationMonths === null ? 'Non précisée' : `${sheet.durationMonths} mois`],
    ['TJM ou salaire', rateText(sheet.rateMin, sheet.rateMax)],
    ['Postes', positionsText(sheet.positionsFilled, sheet.positions)],
    ['Priorité', needsPriorityLabels[sheet.priority]],
    ['Statut', sheet.status.label],
    ['Reçue le', frenchDate(sheet.receivedDate)],
    ['Échéance', frenchDate(sheet.deadline)],
    ['Responsable', sheet.owner.trigram],
    ['Recruteurs', sheet.recruiters.map((recruiter) => recruiter.trigram).join(', ') || 'Aucun'],
  ];
  return (
    <>
      <Button icon={<PrinterOutlined />} onClick={() => window.print()} style={{ marginBottom: 12 }}>
        Imprimer
      </Button>
      <article className="bo-print" aria-label={`Fiche ${sheet.reference} à imprimer`}>
        <header>
          <p className="bo-print__reference">Fiche de besoin {sheet.reference}</p>
          <h2>{sheet.title}</h2>
        </header>
        <dl className="bo-print__facts">
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h3>Compétences requises</h3>
        <p>{sheet.skills.join(', ') || 'Aucune'}</p>
        {sheet.niceToHave.length > 0 && (
          <>
            <h3>Compétences appréciées</h3>
            <p>{sheet.niceToHave.join(', ')}</p>
          </>
        )}
        <h3>Description</h3>
        <p className="bo-print__description">{sheet.description || 'Aucune description'}</p>
      </article>
    </>
  );
}
