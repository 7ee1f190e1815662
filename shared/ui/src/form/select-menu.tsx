import { AUTOCOMPLETE, messages } from '@bo/contracts';
import { Button, Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { FieldFrame, errorId } from './field';
import type { BaseFieldProps, Option } from './inputs';
import { useId } from 'react';

export type SelectMenuProps<T extends FieldValues, N extends FieldPath<T>> = BaseFieldProps<T, N> & {
  // Looks options up for what the user typed (at least 2 characters, 200 ms after the last key stroke).
  search: (text: string, signal: AbortSignal) => Promise<Option[]>;
  multiple?: boolean;
  placeholder?: string;
  // Options already known (the current value's label, for instance).
  initialOptions?: Option[];
  minLength?: number;
  delayMs?: number;
  maxResults?: number;
};

// selectMenu: an autocomplete, single or multiple (one of the kit's form input types).
export function SelectMenuField<T extends FieldValues, N extends FieldPath<T>>({
  label,
  required,
  disabled,
  search,
  multiple,
  placeholder = 'Tapez au moins 2 caractères',
  initialOptions = [],
  minLength = AUTOCOMPLETE.minLength,
  delayMs = AUTOCOMPLETE.delayMs,
  maxResults = AUTOCOMPLETE.maxResults,
  ...props
}: SelectMenuProps<T, N>) {
  const id = `f-${useId().replace(/:/g, '')}`;
  const { field, fieldState } = useController(props);
  const error = fieldState.error?.message;
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Option[]>(initialOptions);
  const [loading, setLoading] = useState(false);
  // The last look-up failed (the API down): said so with a retry, never "no match".
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const known = useRef(new Map<Option['value'], Option>(initialOptions.map((o) => [o.value, o])));

  // Debounced look-up: typing is an external event, so an effect keyed on the text is the right tool here.
  useEffect(() => {
    if (text.trim().length < minLength) {
      setLoading(false);
      setFailed(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      search(text.trim(), controller.signal)
        .then((found) => {
          const limited = found.slice(0, maxResults);
          for (const option of limited) known.current.set(option.value, option);
          setOptions(limited);
          setFailed(false);
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setOptions([]);
          setFailed(true);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, delayMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [text, search, minLength, delayMs, maxResults, attempt]);

  const selected: Option['value'][] = multiple ? (field.value ?? []) : field.value == null ? [] : [field.value];
  const merged = [...options];
  for (const value of selected) {
    const option = known.current.get(value);
    if (option && !merged.some((o) => o.value === value)) merged.push(option);
  }

  return (
    <FieldFrame id={id} label={label} error={error} required={required} enterConfirmsField>
      <Select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId(id)}
        showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
        mode={multiple ? 'multiple' : undefined}
        value={multiple ? (field.value ?? []) : (field.value ?? undefined)}
        onChange={(value) => {
          field.onChange(value ?? (multiple ? [] : null));
          setText('');
        }}
        onBlur={field.onBlur}
        options={merged}
        placeholder={placeholder}
        allowClear
        disabled={disabled}
        status={error ? 'error' : undefined}
        loading={loading}
        notFoundContent={
          loading ? (
            <Spin size="small" />
          ) : text.trim().length < minLength ? (
            'Tapez au moins 2 caractères'
          ) : failed ? (
            <span role="alert">
              La recherche a échoué.{' '}
              {/* The search field keeps the focus (and the menu stays open) while the retry is clicked. */}
              <Button
                size="small"
                type="link"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => setAttempt((count) => count + 1)}
              >
                Réessayer
              </Button>
            </span>
          ) : (
            messages.noMatch
          )
        }
        style={{ width: '100%' }}
      />
    </FieldFrame>
  );
}
