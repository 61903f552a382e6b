import { ERROR_STATUS, type ErrorCode } from '../shared/error-codes';

export type { ErrorCode };

/**
 * Every error the API returns has this shape: `{ error: { code, message } }`. Codes are stable and documented;
 * messages are for people. The list of codes lives in shared/error-codes.ts, which the browser reads too.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}
