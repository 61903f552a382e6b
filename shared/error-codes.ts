/**
 * Every stable error code the API answers with, and its HTTP status. The server raises only these (server/errors.ts);
 * the browser keys its messages by them, so a new code without a message fails the typecheck there. The storage
 * codes of the original service (object-not-found, unauthenticated, …) are ours too, so tools written against it
 * keep working.
 */
export const ERROR_STATUS = {
  'invalid-argument': 400,
  'invalid-json': 400,
  // Accounts (server/auth): the account pages translate each of these into their own wording.
  'invalid-email': 400,
  'weak-password': 400,
  'invalid-code': 400,
  'expired-code': 400,
  'invalid-reset-link': 400,
  'invalid-credentials': 401,
  'email-in-use': 409,
  // Clients: verification, invitations, folders.
  'invalid-verification-link': 400,
  'invalid-invitation': 400,
  'email-not-verified': 403,
  'folder-not-empty': 409,
  'client-has-account': 409,
  // Proofing and orders.
  'not-delivered': 403,
  'not-proofing': 409,
  'selection-locked': 409,
  'no-picks': 400,
  'order-transition': 409,
  // Competitions.
  'invalid-start-list': 400,
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
