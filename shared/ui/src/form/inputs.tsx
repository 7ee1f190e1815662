import { Checkbox, Input, Radio, Select, Switch } from 'antd';
import { useId, type ReactNode } from 'react';
import { useController, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { FieldFrame, errorId } from './field';
import { labelMatches } from './option-filter';

export type Option = { value: string | number; label: ReactNode; disabled?: boolean };

export type BaseFieldProps<T extends FieldValues, N extends FieldPath<T>> = UseControllerProps<T, N> & {
  label: ReactNode;
  required?: boolean;
  disabled?: boolean;
};

function useField<T extends FieldValues, N extends FieldPath<T>>(props: UseControllerProps<T, N>) {
  const id = `f-${useId().replace(/:/g, '')}-${String(props.name).replace(/\W/g, '-')}`;
  const controller = useController(props);
  const error = controller.fieldState.error?.message;
  const aria = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': errorId(id),
  } as const;
  const { field } = controller;
  // What every text-like antd input takes: value in, text out, blur, focus ref, error state.
  const textProps = {
    ...aria,
    name: field.name,
    value: field.value ?? '',
    onChange: (event: { target: { value: string } }) => field.onChange(event.target.value),
    onBlur: field.onBlur,
    ref: field.ref,
    status: error ? ('error' as const) : undefined,
  };
  return { id, error, aria, field, textProps };
}

export function HiddenField<T extends FieldValues, N extends FieldPath<T>>(props: UseControllerProps<T, N>) {
  const { field } = useController(props);
  return <input type="hidden" name={field.name} value={String(field.value ?? '')} readOnly />;
}

export function TextField<T extends FieldValues, N extends FieldPath<T>>({
  label,
  required,
  disabled,
  type = 'text',
  autoComplete,
  placeholder,
  maxLength,
  ...props
}: BaseFieldProps<T, N> & {
  type?: 'text' | 'email' | 'tel' | 'number';
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
}) {
  const { id, error, field, textProps } = useField(props);
  return (
    <FieldFrame id={id} label={label} error={error} required={required}>
      <Input
        {...textProps}
        type={type}
        onChange={(event) =>
          field.onChange(
            type === 'number' && event.target.value !== '' ? Number(event.target.value) : event.target.value,
          )
        }
        disabled={disabled}
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
      />
    </FieldFrame>
  );
}

export function PasswordField<T extends FieldValues, N extends FieldPath<T>>({
  label,
  required = true,
  disabled,
  autoComplete = 'current-password',
  autoFocus,
  ...props
}: BaseFieldProps<T, N> & { autoComplete?: string; autoFocus?: boolean }) {
  const { id, error, textProps } = useField(props);
  return (
    <FieldFrame id={id} label={label} error={error} required={required}>
      <Input.Password {...textProps} disabled={disabled} autoComplete={autoComplete} autoFocus={autoFocus} />
    </FieldFrame>
  );
}

export function TextareaField<T extends FieldValues, N extends FieldPath<T>>({
  label,
  required,
  disabled,
  rows = 4,
  ...props
}: BaseFieldProps<T, N> & { rows?: number }) {
  const { id, error, textProps } = useField(props);
  return (
    <FieldFrame id={id} label={label} error={error} required={required}>
      <Input.TextArea {...textProps} rows={rows} disabled={disabled} />
    </FieldFrame>
  );
}

export function SwitchField<T extends FieldValues, N extends FieldPath<T>>({
  label,
  disabled,
  onLabel,
  offLabel,
  ...props
}: BaseFieldProps<T, N> & { onLabel?: string; offLabel?: string }) {
  const { id, error, aria, field } = useField(props);
  const checked = Boolean(field.value);
  return (
    <FieldFrame id={id} label={label} error={error}>
      <span className="bo-switch">
        <Switch
          {...aria}
          checked={checked}
          onChange={(value) => field.onChange(value)}
          ref={field.ref}
          disabled={disabled}
        />
        {(onLabel || offLabel) && (
          <span className="bo-switch__state" aria-live="polite">
            {checked ? onLabel : offLabel}
          </span>
        )}
      </span>
    </FieldFrame>
  );
}

export function CheckboxField<T extends FieldValues, N extends FieldPath<T>>({
  label,
  disabled,
  ...props
}: BaseFieldProps<T, N>) {
  const { id, error, aria, field } = useField(props);
  return (
    <FieldFrame id={id} label={label} error={error} inlineLabel>
      <Checkbox
        {...aria}
        checked={Boolean(field.value)}
        onChange={(event) => field.onChange(event.target.checked)}
        ref={field.ref}
        disabled={disabled}
      >
        {label}
      </Checkbox>
    </FieldFrame>
  );
}

export function RadioField<T extends FieldValues, N extends FieldPath<T>>({
  label,
  required,
  disabled,
  options,
  ...props
}: BaseFieldProps<T, N> & { options: Option[] }) {
  const { id, error, field } = useField(props);
  // A radio group is labelled by its legend-like heading, not by a <label for>.
  return (
    <FieldFrame id={id} label={label} error={error} required={required} inlineLabel>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={errorId(id)}
        aria-invalid={error ? true : undefined}
      >
        <span className="bo-field__label" id={`${id}-label`}>
          {label}
        </span>
        <Radio.Group
          name={field.name}
          value={field.value}
          onChange={(event) => field.onChange(event.target.value)}
          disabled={disabled}
          options={options}
        />
      </div>
    </FieldFrame>
  );
}

export function SelectField<T extends FieldValues, N extends FieldPath<T>>({
  label,
  required,
  disabled,
  options,
  placeholder,
  allowClear,
  mode,
  searchable,
  ...props
}: BaseFieldProps<T, N> & {
  options: Option[];
  placeholder?: string;
  allowClear?: boolean;
  // 'multiple': several of the options; 'tags': free words too (skills), each typed and confirmed with Entrée.
  mode?: 'multiple' | 'tags';
  // Typing narrows the options to the labels containing the text (case and accents ignored).
  searchable?: boolean;
}) {
  const { id, error, aria, field } = useField(props);
  return (
    <FieldFrame id={id} label={label} error={error} required={required} enterConfirmsField>
      <Select
        {...aria}
        mode={mode}
        tokenSeparators={mode === 'tags' ? [','] : undefined}
        value={field.value ?? undefined}
        onChange={(value) => field.onChange(value ?? null)}
        onBlur={field.onBlur}
        options={options}
        placeholder={placeholder}
        allowClear={allowClear}
        showSearch={searchable ? { filterOption: labelMatches } : undefined}
        status={error ? 'error' : undefined}
        disabled={disabled}
        notFoundContent="Aucune correspondance"
        style={{ width: '100%' }}
      />
    </FieldFrame>
  );
}
