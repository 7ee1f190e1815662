import { conflictMessage, errorText } from '@bo/contracts';
import { toast } from 'react-toastify';
import { ApiRequestError } from './errors';

export function notifySuccess(text: string) {
  toast.success(text);
}

export function notifyInfo(text: string) {
  toast.info(text);
}

// One toast per distinct code at a time: ten failing queries while the API is down say it once. The text ends with
// the failed call's id, which the API writes on its log lines, so that a user's report leads to them.
export function notifyError(error: unknown) {
  const errors = error instanceof ApiRequestError ? error.errors : [{ message: 'error' }];
  const reference = error instanceof ApiRequestError && error.requestId !== null ? ` — Réf. ${error.requestId}` : '';
  const codes = [...new Set(errors.map((e) => e.message))];
  for (const code of codes) {
    // A conflict names who changed the record and when.
    const conflict = errors.find((e) => e.message === code)?.conflict;
    toast.error(conflict ? conflictMessage(conflict) : `${errorText(code)}${reference}`, { toastId: code });
  }
}
