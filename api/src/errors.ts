import { errorCatalogue, isErrorCode, type ApiError, type Conflict, type ErrorCode } from '@bo/contracts/all';

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
    this.errors = options.errors ?? [
      options.field === undefined ? { message: code } : { message: code, field: options.field },
    ];
  }
}

export const invalidField = (field: string): AppError => new AppError('dataInvalid', { field });

// A rule the database holds (migration 0029, docs/data-rules.md) raises its catalogue code as the message of a
// plpgsql exception (SQLSTATE P0001): the caller gets that code, as if the route had checked it first.
export function ruleBrokenInDatabase(error: unknown): AppError | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'P0001' && isErrorCode(message) ? new AppError(message) : undefined;
}

// A save made from an older version of a record than the one stored (see versions.ts in the contracts).
export const editConflict = (conflict: Conflict): AppError =>
  new AppError('editConflict', { errors: [{ message: 'editConflict', conflict }] });
