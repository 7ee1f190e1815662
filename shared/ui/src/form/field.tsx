import type { ReactNode } from 'react';

// The frame of every field: its label, the control, and its error message right under it.
export type FieldFrameProps = {
  id: string;
  label: ReactNode;
  error?: string;
  required?: boolean;
  children: ReactNode;
  // Controls that label themselves (a checkbox) put the label after the control.
  inlineLabel?: boolean;
};

export function errorId(id: string) {
  return `${id}-error`;
}

export function FieldFrame({ id, label, error, required, children, inlineLabel }: FieldFrameProps) {
  return (
    <div className={`bo-field${error ? ' bo-field--error' : ''}`}>
      {!inlineLabel && (
        <label className="bo-field__label" htmlFor={id}>
          {label}
          {required && (
            <span className="bo-field__required" aria-hidden="true">
              {' *'}
            </span>
          )}
        </label>
      )}
      <div className="bo-field__control">{children}</div>
      <div className="bo-field__error" id={errorId(id)} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}
