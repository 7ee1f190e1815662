import { Select } from 'antd';
import { useId, useState } from 'react';
import type { Option } from '../form/inputs';
import { FormModal } from '../modals/form-modal';

export type UserPickerDialogProps = {
  open: boolean;
  title: string;
  // The field's label: "Nouveau propriétaire", "Nouveau responsable".
  label: string;
  submitLabel: string;
  // The users to choose from (an option may stand for nobody, with a value of its own).
  options: readonly (Option & { value: number })[];
  submitting?: boolean;
  onCancel: () => void;
  // The choice, once confirmed; confirming with nothing chosen says the field is required.
  onPick: (userId: number) => void;
};

// A dialog that asks for one user (who takes over some contacts, who leads a team), searchable by trigram and name.
export function UserPickerDialog({
  open,
  title,
  label,
  submitLabel,
  options,
  submitting,
  onCancel,
  onPick,
}: UserPickerDialogProps) {
  const id = `bo-user-picker-${useId().replace(/:/g, '')}`;
  const [userId, setUserId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <FormModal
      open={open}
      title={title}
      submitLabel={submitLabel}
      submitting={submitting}
      onCancel={onCancel}
      onSubmit={(event) => {
        event.preventDefault();
        if (userId === null) {
          setError('Entrée requise');
          return;
        }
        onPick(userId);
      }}
    >
      <div className={`bo-field${error ? ' bo-field--error' : ''}`}>
        <label className="bo-field__label" htmlFor={id}>
          {label}
        </label>
        <Select
          id={id}
          style={{ width: '100%' }}
          showSearch={{ optionFilterProp: 'label' }}
          value={userId ?? undefined}
          onChange={(value: number) => {
            setUserId(value);
            setError(null);
          }}
          options={[...options]}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          notFoundContent="Aucune correspondance"
        />
        <div className="bo-field__error" id={`${id}-error`} role={error ? 'alert' : undefined}>
          {error ?? ''}
        </div>
      </div>
    </FormModal>
  );
}
