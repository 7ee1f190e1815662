import { ApiRequestError, notifyError } from '@bo/client';
import { errorText } from '@bo/contracts';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

// A refused save: each error the server ties to a field of the form shows under that field too, and every
// error is said once in a toast (catalogue text, in French). Nothing typed is lost.
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): void {
  if (error instanceof ApiRequestError) {
    for (const item of error.errors) {
      const field = fields.find((name) => name === item.field);
      if (field) setError(field, { type: 'server', message: errorText(item.message) }, { shouldFocus: true });
    }
  }
  notifyError(error);
}
