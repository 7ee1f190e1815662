import { limits } from '@bo/contracts';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId } from 'react';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { FieldFrame, errorId } from './field';
import type { BaseFieldProps } from './inputs';

// Stored as yyyy-MM-dd (or yyyy-MM-ddTHH:mm with a time): the local calendar date the user picked, never a
// UTC instant, so no time-zone offset can move it to the day before.
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DDTHH:mm';

export function toStoredDate(value: Dayjs | null, withTime = false): string {
  return value ? value.format(withTime ? DATE_TIME_FORMAT : DATE_FORMAT) : '';
}

export function fromStoredDate(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

export function DatePickerField<T extends FieldValues, N extends FieldPath<T>>({
  label,
  required = true,
  disabled,
  withTime = false,
  ...props
}: BaseFieldProps<T, N> & { withTime?: boolean }) {
  const id = `f-${useId().replace(/:/g, '')}`;
  const { field, fieldState } = useController(props);
  const error = fieldState.error?.message;
  return (
    <FieldFrame id={id} label={label} error={error} required={required} enterConfirmsField>
      <DatePicker
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId(id)}
        value={fromStoredDate(field.value)}
        onChange={(value) => field.onChange(toStoredDate(value, withTime))}
        onBlur={field.onBlur}
        format={withTime ? 'DD/MM/YYYY HH:mm' : 'DD/MM/YYYY'}
        showTime={withTime ? { format: 'HH:mm', minuteStep: limits.datePickerMinuteStep } : false}
        status={error ? 'error' : undefined}
        disabled={disabled}
        style={{ width: '100%' }}
      />
    </FieldFrame>
  );
}
