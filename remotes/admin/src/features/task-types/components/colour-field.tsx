import { FieldFrame, errorId } from '@bo/ui/form';
import { Input } from 'antd';
import { useId } from 'react';
import { useController, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';

// A colour as the contracts write it (#rrggbb, lower case): typed, or chosen in the browser's colour picker beside it.
export function ColourField<T extends FieldValues, N extends FieldPath<T>>({
  label,
  ...props
}: UseControllerProps<T, N> & { label: string }) {
  const id = `f-${useId().replace(/:/g, '')}-${String(props.name).replace(/\W/g, '-')}`;
  const { field, fieldState } = useController(props);
  const error = fieldState.error?.message;
  const value = typeof field.value === 'string' ? field.value : '';
  const valid = /^#[0-9a-f]{6}$/.test(value);
  return (
    <FieldFrame id={id} label={label} error={error} required>
      <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Input
          id={id}
          name={field.name}
          value={value}
          onChange={(event) => field.onChange(event.target.value.trim().toLowerCase())}
          onBlur={field.onBlur}
          ref={field.ref}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId(id)}
          placeholder="#rrggbb"
          maxLength={7}
          style={{ width: 120, fontFamily: 'monospace' }}
        />
        <input
          type="color"
          aria-label={`Nuancier : ${label.toLowerCase()}`}
          value={valid ? value : '#000000'}
          onChange={(event) => field.onChange(event.target.value.toLowerCase())}
          style={{ width: 40, height: 32, padding: 0, border: 'none', background: 'none', cursor: 'pointer' }}
        />
      </span>
    </FieldFrame>
  );
}
