/**
 * Every error the API returns has this shape: `{ error: { code, message } }`. Codes are stable and documented;
 * messages are for people. The storage codes of the original service (object-not-found, unauthenticated, …)
 * are ours too, so tools written against it keep working.
 */
export const ERROR_STATUS = {
  'invalid-argument': 400,
  'invalid-json': 400,
  // Accounts (server/auth): the browser translates each of these into the spec's messages.
  'invalid-email': 400,
  'weak-password': 400,
  'invalid-code': 400,
  'expired-code': 400,
  'invalid-reset-link': 400,
  'invalid-credentials': 401,
  'email-in-use': 409,
  // Clients (server/services/clients.ts).
  'invalid-verification-link': 400,
  'invalid-invitation': 400,
  'email-not-verified': 403,
  'folder-not-empty': 409,
  'client-has-account': 409,
  'forbidden-origin': 403,
  unauthenticated: 401,
  'quota-exceeded': 402,
  unauthorized: 403,
  'not-found': 404,
  'object-not-found': 404,
  'method-not-allowed': 405,
  conflict: 409,
  'terms-changed': 409,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'too-many-requests': 429,
  'internal-error': 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

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
