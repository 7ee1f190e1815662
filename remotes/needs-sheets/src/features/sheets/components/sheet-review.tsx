import {
  contractTypeLabels,
  frenchDate,
  NEEDS_SHEET_DEADLINE_DAYS,
  needsPriorityLabels,
  needsSheetFieldLabels as labels,
  seniorityLabels,
  type NeedsSheetModel,
  type NeedsSheetStatus,
  type NeedsSheetStorePayload,
} from '@bo/contracts/needs-sheets';
import { useCompanyContactOptions, useOwnerOptions, usePickedCompanyName, userLabel } from '@bo/ui/records';
import { Alert, Descriptions } from 'antd';
import { useFormState, useWatch, type Control } from 'react-hook-form';
import { placeText, positionsText, rateText } from './sheet-texts';

type SheetControl = Control<NeedsSheetStorePayload>;

// A number field's value as typed (text) or as loaded (a number); null when empty.
function numberOf(value: unknown): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const labelOf = <K extends string>(names: Record<K, string>, value: unknown) =>
  typeof value === 'string' ? (names[value as K] ?? '') : '';

// What the refused fields say, each under its name, on the check step: the messages the contract gives under the
// fields, gathered where the user now is.
function SheetErrors({ control }: { control: SheetControl }) {
  const { errors } = useFormState({ control });
  const found = Object.entries(errors)
    .map(([name, error]) => [name, typeof error?.message === 'string' ? error.message : ''] as const)
    .filter(([, message]) => message !== '');
  if (found.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      title="À corriger avant de créer la fiche"
      description={
        <ul aria-label="Champs à corriger" style={{ margin: 0, paddingLeft: 18 }}>
          {found.map(([name, message]) => (
            <li key={name}>
              {labels[name] ?? name} : {message}
            </li>
          ))}
        </ul>
      }
    />
  );
}

// The wizard's last step: the whole sheet as it will be created, every value as a person reads it (names, not ids).
export function SheetReview({
  control,
  model,
  statuses,
}: {
  control: SheetControl;
  model: NeedsSheetModel | null;
  statuses: NeedsSheetStatus[];
}) {
  const values = useWatch({ control });
  const companyId = numberOf(values.companyId);
  const companyName = usePickedCompanyName(companyId);
  const { options: contacts } = useCompanyContactOptions(companyId, numberOf(values.contactId));
  const { users } = useOwnerOptions();
  const userName = (id: unknown) => {
    const user = users.find((candidate) => candidate.id === numberOf(id));
    return user ? userLabel(user) : '';
  };
  const recruiters = listOf(values.recruiterIds).map(userName).filter(Boolean);
  const status = statuses.find((candidate) => candidate.id === numberOf(values.statusId));
  const firstStatus = statuses.find((candidate) => candidate.isActive);
  const items: [string, string][] = [
    [labels.companyId, companyName ?? ''],
    [labels.contactId, String(contacts.find((option) => option.value === numberOf(values.contactId))?.label ?? '')],
    [labels.title, String(values.title ?? '')],
    [labels.seniority, labelOf(seniorityLabels, values.seniority)],
    [labels.skills, listOf(values.skills).join(', ') || 'Aucune'],
    [labels.niceToHave, listOf(values.niceToHave).join(', ') || 'Aucune'],
    [labels.contractType, labelOf(contractTypeLabels, values.contractType)],
    [labels.priority, labelOf(needsPriorityLabels, values.priority)],
    ['Lieu et télétravail', placeText(String(values.place ?? '').trim() || null, numberOf(values.remoteDays) ?? 0)],
    [labels.startDate, values.startDate ? frenchDate(String(values.startDate)) : 'Dès que possible'],
    [
      labels.durationMonths,
      numberOf(values.durationMonths) === null ? 'Non précisée' : `${numberOf(values.durationMonths)} mois`,
    ],
    ['TJM ou salaire', rateText(numberOf(values.rateMin), numberOf(values.rateMax))],
    ['Postes', positionsText(numberOf(values.positionsFilled) ?? 0, numberOf(values.positions) ?? 1)],
    [labels.ownerId, userName(values.ownerId)],
    [labels.recruiterIds, recruiters.join(', ') || 'Aucun'],
    [labels.receivedDate, values.receivedDate ? frenchDate(String(values.receivedDate)) : 'Aujourd’hui'],
    [
      labels.deadline,
      values.deadline
        ? frenchDate(String(values.deadline))
        : `Reçue le + ${model?.delay ?? NEEDS_SHEET_DEADLINE_DAYS} jours`,
    ],
    [labels.statusId, status?.label ?? (firstStatus ? `${firstStatus.label} (premier statut)` : 'Premier statut')],
  ];
  return (
    <>
      <SheetErrors control={control} />
      <Descriptions
        bordered
        size="small"
        column={1}
        items={items.map(([label, children]) => ({ key: label, label, children }))}
      />
    </>
  );
}
