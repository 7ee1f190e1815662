import { conflictMessage, errorText } from '@bo/contracts';
import type * as Toastify from 'react-toastify/unstyled';
import { ApiRequestError } from './errors';
import { once } from './once';

type ToastModule = typeof Toastify;

// react-toastify (its code without its styles: the shell loads its stylesheet with antd's) comes with the first
// message, or before it when the browser is idle (the shell asks for it then): no page waits for it. A message
// given before the shell's container is there waits in react-toastify's own queue, shown once the container is.
const loadModule = once(() => import('react-toastify/unstyled'));
let loading: Promise<ToastModule> | null = null;
const loadedListeners = new Set<(module: ToastModule) => void>();

function tell(listener: (module: ToastModule) => void) {
  void loading?.then(
    (module) => loadedListeners.has(listener) && listener(module),
    () => undefined,
  );
}

export function loadToasts(): Promise<ToastModule> {
  // A failed load is tried again by the next message: the listeners hear of each new attempt.
  const attempt = loadModule();
  if (attempt !== loading) {
    loading = attempt;
    loadedListeners.forEach(tell);
  }
  return attempt;
}

// Called once react-toastify is there (at once if it already is): the shell then renders the messages' container.
export function onToastsLoaded(listener: (module: ToastModule) => void): () => void {
  loadedListeners.add(listener);
  tell(listener);
  return () => loadedListeners.delete(listener);
}

function show(display: (toast: ToastModule['toast']) => void) {
  loadToasts().then(
    ({ toast }) => display(toast),
    // The message cannot show: the console keeps it.
    (failure: unknown) => console.error('Notification non affichée', failure),
  );
}

export function notifySuccess(text: string) {
  show((toast) => toast.success(text));
}

export function notifyInfo(text: string) {
  show((toast) => toast.info(text));
}

// A refusal that is not an error (a todo already accomplished cannot move); `id` shows it once however often asked.
export function notifyWarning(text: string, id: string) {
  show((toast) => toast.warning(text, { toastId: id }));
}

// One toast per distinct code at a time: ten failing queries while the API is down say it once. The text ends with
// the failed call's id, which the API writes on its log lines, so that a user's report leads to them.
export function notifyError(error: unknown) {
  const errors = error instanceof ApiRequestError ? error.errors : [{ message: 'error' }];
  const reference = error instanceof ApiRequestError && error.requestId !== null ? ` — Réf. ${error.requestId}` : '';
  const codes = [...new Set(errors.map((e) => e.message))];
  show((toast) => {
    for (const code of codes) {
      // A conflict names who changed the record and when.
      const conflict = errors.find((e) => e.message === code)?.conflict;
      toast.error(conflict ? conflictMessage(conflict) : `${errorText(code)}${reference}`, { toastId: code });
    }
  });
}
