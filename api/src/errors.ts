import { errorCatalogue, type ApiError, type ErrorCode } from '@bo/contracts/all';

// A failure the caller is meant to see: its catalogue code travels in the envelope and gives the status.
export class AppError extends Error {
  readonly status: number;
  readonly errors: ApiError[];

  constructor(
    readonly code: ErrorCode,
    options: { field?: string; status?: number; errors?: ApiError[] } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.status = options.status ?? errorCatalogue[code].status;
    this.errors = options.errors ?? [options.field === undefined ? { message: code } : { message: code, field: options.field }];
  }
}

export const invalidField = (field: string): AppError => new AppError('dataInvalid', { field });
