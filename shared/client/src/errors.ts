import { errorText, type ApiError } from '@bo/contracts';

// What every failed call throws: the catalogue codes the server (or the network) reported, and the id the call
// was sent with (the API writes it on its log lines; the error toast shows it).
export class ApiRequestError extends Error {
  readonly errors: ApiError[];
  readonly status: number;
  readonly requestId: string | null;

  constructor(errors: ApiError[], status: number, requestId: string | null = null) {
    super(errors.map((e) => e.message).join(', ') || 'error');
    this.name = 'ApiRequestError';
    this.errors = errors.length > 0 ? errors : [{ message: 'error' }];
    this.status = status;
    this.requestId = requestId;
  }

  get code(): string {
    return this.errors[0].message;
  }

  has(code: string): boolean {
    return this.errors.some((e) => e.message === code);
  }

  // Messages for the fields the server named, keyed by field: what the server said was wrong, or the code's text.
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.errors) if (e.field) out[e.field] = e.detail ?? errorText(e.message);
    return out;
  }
}

export function errorCodeOf(error: unknown): string {
  return error instanceof ApiRequestError ? error.code : 'error';
}
