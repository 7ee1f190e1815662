import {
  contractTypeLabels,
  contractTypes,
  needsPriorities,
  needsPriorityLabels,
  needsSheetFieldLabels as labels,
  seniorities,
  seniorityLabels,
  type NeedsSheetStatus,
  type NeedsSheetStorePayload,
} from '@bo/contracts/needs-sheets';
import { DatePickerField, SelectField, SelectMenuField, TextField, TextareaField, type Option } from '@bo/ui/form';
import { searchCompanyOptions, useCompanyContactOptions, useOwnerOptions } from '@bo/ui/records';
import { useWatch, type Control } from 'react-hook-form';

// The needs sheet's fields in the groups the wizard walks through (company and contact, position, conditions);
// the panel shows them all at once.

type SheetControl = Control<NeedsSheetStorePayload>;

const choices = <T extends string>(values: readonly T[], names: Record<T, string>): Option[] =>
  values.map((value) => ({ value, label: names[value] }));

export function ClientFields({
  control,
  companyOption,
  contactId,
}: {
  control: SheetControl;
  companyOption: Option | null;
  contactId: number | null;
}) {
  const companyId = useWatch({ control, name: 'companyId' });
  const { options: contacts } = useCompanyContactOptions(typeof companyId === 'number' ? companyId : null, contactId);
  return (
    <>
      <SelectMenuField
        control={control}
        name="companyId"
        label={labels.companyId}
        required
        placeholder="Tapez au moins 2 caractères du nom, du SIRET ou de la ville"
        search={(text, signal) => searchCompanyOptions(text, signal)}
        initialOptions={companyOption ? [companyOption] : []}
      />
      <SelectField
        control={control}
        name="contactId"
        label={labels.contactId}
        required
        options={contacts}
        placeholder={
          typeof companyId === 'number' ? 'Choisir un contact de la société' : 'Choisissez d’abord la société'
        }
      />
    </>
  );
}

export function PositionFields({ control }: { control: SheetControl }) {
  return (
    <>
      <TextField control={control} name="title" label={labels.title} required maxLength={150} />
      <SelectField
        control={control}
        name="seniority"
        label={labels.seniority}
        required
        options={choices(seniorities, seniorityLabels)}
      />
      <div className="bo-form-grid__wide">
        <TextareaField control={control} name="description" label={labels.description} rows={5} />
      </div>
      <SelectField
        control={control}
        name="skills"
        label={labels.skills}
        mode="tags"
        options={[]}
        placeholder="Tapez une compétence puis Entrée"
      />
      <SelectField
        control={control}
        name="niceToHave"
        label={labels.niceToHave}
        mode="tags"
        options={[]}
        placeholder="Tapez une compétence puis Entrée"
      />
    </>
  );
}

export function ConditionFields({ control, statuses }: { control: SheetControl; statuses: NeedsSheetStatus[] }) {
  const ownerId = useWatch({ control, name: 'ownerId' });
  const { options: users } = useOwnerOptions(typeof ownerId === 'number' ? ownerId : null);
  const statusOptions = statuses
    .filter((status) => status.isActive)
    .map((status) => ({ value: status.id, label: status.label }));
  return (
    <>
      <SelectField
        control={control}
        name="contractType"
        label={labels.contractType}
        required
        options={choices(contractTypes, contractTypeLabels)}
      />
      <SelectField
        control={control}
        name="priority"
        label={labels.priority}
        required
        options={choices(needsPriorities, needsPriorityLabels)}
      />
      <TextField control={control} name="place" label={labels.place} maxLength={150} />
      <TextField control={control} name="remoteDays" label={labels.remoteDays} type="number" />
      <DatePickerField
        control={control}
        name="startDate"
        label="Démarrage (vide : dès que possible)"
        required={false}
      />
      <TextField control={control} name="durationMonths" label={labels.durationMonths} type="number" />
      <TextField control={control} name="rateMin" label="TJM ou salaire minimum (€)" type="number" />
      <TextField control={control} name="rateMax" label="TJM ou salaire maximum (€)" type="number" />
      <TextField control={control} name="positions" label={labels.positions} type="number" required />
      <TextField control={control} name="positionsFilled" label={labels.positionsFilled} type="number" />
      <SelectField control={control} name="ownerId" label={labels.ownerId} required options={users} />
      <SelectField
        control={control}
        name="recruiterIds"
        label={labels.recruiterIds}
        mode="multiple"
        options={users}
        placeholder="Aucun"
      />
      <DatePickerField control={control} name="receivedDate" label={labels.receivedDate} required={false} />
      <DatePickerField control={control} name="deadline" label="Échéance (vide : reçue le + délai)" required={false} />
      <SelectField
        control={control}
        name="statusId"
        label={labels.statusId}
        options={statusOptions}
        placeholder="Premier statut"
        allowClear
      />
    </>
  );
}
