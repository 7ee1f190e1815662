import { errorText } from '@bo/contracts';
import { toast } from 'react-toastify';
import { ApiRequestError } from './errors';

export function notifySuccess(text: string) {
  toast.success(text);
}

// One toast per distinct code at a time: ten failing queries while the API is down say it once.
export function notifyError(error: unknown) {
  const codes = error instanceof ApiRequestError ? [...new Set(error.errors.map((e) => e.message))] : ['error'];
  for (const code of codes) toast.error(errorText(code), { toastId: code });
}
