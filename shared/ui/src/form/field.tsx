import type { KeyboardEvent, ReactNode } from 'react';

// The frame of every field: its label, the control, and its error message right under it.
export type FieldFrameProps = {
  id: string;
  label: ReactNode;
  error?: string;
  required?: boolean;
  children: ReactNode;
  // Controls that label themselves (a checkbox) put the label after the control.
  inlineLabel?: boolean;
  // A date or a select: Enter confirms the field (the control handles it first), it does not submit the form.
  enterConfirmsField?: boolean;
};

// Stops the browser's implicit submission once the control has had its Enter.
function keepEnterInField(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key === 'Enter') event.preventDefault();
}

export function errorId(id: string) {
  return `${id}-error`;
}

export function FieldFrame({ id, label, error, required, children, inlineLabel, enterConfirmsField }: FieldFrameProps) {
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
      {/* The keys belong to the control inside: this only stops Enter from submitting the form. */}
      {enterConfirmsField ? (
        <div className="bo-field__control" onKeyDown={keepEnterInField}>
          {children}
        </div>
      ) : (
        <div className="bo-field__control">{children}</div>
      )}
      <div className="bo-field__error" id={errorId(id)} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}
