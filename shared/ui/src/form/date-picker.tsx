import { TYPED_DATE_INVALID, limits, parseTypedDate } from '@bo/contracts';
import { DatePicker } from 'antd';
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { fromStoredDate, toStoredDate } from '../stored-dates';
import { FieldFrame, errorId } from './field';
import type { BaseFieldProps } from './inputs';

const DISPLAY_DATE = 'DD/MM/YYYY';
const DISPLAY_DATE_TIME = 'DD/MM/YYYY HH:mm';

// The text the field shows for a stored value: typed again as it is, it changes nothing.
function fieldText(value: string | null | undefined, withTime: boolean): string {
  return fromStoredDate(value)?.format(withTime ? DISPLAY_DATE_TIME : DISPLAY_DATE) ?? '';
}

// What was typed in the field, as it is stored; null when it is no date (a time, when asked for, after the date:
// 03/12/2026 14:30, midnight when left out).
export function parseTypedValue(text: string, withTime: boolean): string | null {
  if (!withTime) return parseTypedDate(text);
  const parts = /^(.+?)(?:\s+(\d{1,2})[:h](\d{2}))?$/.exec(text.trim());
  const date = parts ? parseTypedDate(parts[1]) : null;
  const [hours, minutes] = [Number(parts?.[2] ?? 0), Number(parts?.[3] ?? 0)];
  if (date === null || hours > 23 || minutes > 59) return null;
  return `${date}T${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
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
  const [open, setOpen] = useState(false);
  // A typed text that is no date: said under the field until the field changes again.
  const [typedError, setTypedError] = useState<string | null>(null);
  const error = typedError ?? fieldState.error?.message;
  const change = (value: string) => {
    setTypedError(null);
    field.onChange(value);
  };
  // The text typed is taken as people write dates (03/12/2026, 03122026, 3-12-26...), on Enter and on leaving the
  // field; the picker alone would keep its earlier date. A text that is no date empties the field, so that the form
  // cannot be saved with the earlier date, and says why, quoting it.
  // The picker answers a value set from the text with a change of its own, to the date it last held: ignored
  // while the event that took the text lasts.
  const taking = useRef(false);
  // A text deleted empties the field: the picker alone would bring back its earlier date.
  const takeTyped = (text: string): boolean => {
    if (text === fieldText(field.value, withTime)) return false;
    taking.current = true;
    setTimeout(() => (taking.current = false));
    const value = text.trim() === '' ? '' : parseTypedValue(text, withTime);
    if (value === null) {
      field.onChange('');
      setTypedError(`${TYPED_DATE_INVALID}, et non « ${text.trim()} »`);
    } else {
      change(value);
    }
    return true;
  };
  // Caught on its way down, before the picker's own Enter (which would keep its earlier date).
  const handleKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    if (!takeTyped(event.target.value)) return;
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
  };
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    if (event.target instanceof HTMLInputElement) takeTyped(event.target.value);
    field.onBlur();
  };
  return (
    <FieldFrame id={id} label={label} error={error} required={required} enterConfirmsField>
      <div onKeyDownCapture={handleKeyDownCapture}>
        <DatePicker
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId(id)}
          value={fromStoredDate(field.value)}
          onChange={(value) => {
            if (!taking.current) change(toStoredDate(value, withTime));
          }}
          onBlur={handleBlur}
          open={open}
          onOpenChange={setOpen}
          format={withTime ? DISPLAY_DATE_TIME : DISPLAY_DATE}
          placeholder={withTime ? 'jj/mm/aaaa hh:mm' : 'jj/mm/aaaa'}
          showTime={withTime ? { format: 'HH:mm', minuteStep: limits.datePickerMinuteStep } : false}
          status={error ? 'error' : undefined}
          disabled={disabled}
          style={{ width: '100%' }}
        />
      </div>
    </FieldFrame>
  );
}
