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
  // A folder the site owns (the main gallery, an event's `_event-…`) is never given to a client.
  'site-folder': 403,
  'client-has-account': 409,
  'gallery-empty': 409,
  // The "your photos are ready" e-mail: every item was announced already, and the admin did not ask to repeat it.
  'already-announced': 409,
  // Proofing and orders.
  'not-delivered': 403,
  'not-proofing': 409,
  'selection-locked': 409,
  // A client picks a photo a delivered order already gave them.
  'already-delivered': 409,
  // A client asks for the download of an order that is not delivered yet.
  'order-not-delivered': 409,
  'no-picks': 400,
  'order-transition': 409,
  // A client reported a payment for an order that is already paid, delivered or cancelled.
  'order-not-awaiting-payment': 409,
  // Receipts: an order has one only once it is paid.
  'receipt-not-issued': 409,
  // The folder view's bulk actions.
  'selection-changed': 409,
  'media-in-order': 409,
  'media-not-ready': 409,
  // Edited versions that replace an item's original (tus metadata `replaces`), and restoring a previous one.
  'replace-other-folder': 409,
  'replace-other-type': 415,
  'media-trashed': 409,
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
  // Booking requests: the terms must be accepted first.
  'terms-not-accepted': 403,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'too-many-requests': 429,
  'internal-error': 500,
  unavailable: 503,
  // The object store (S3) does not answer: nothing was lost, the request can be made again later.
  'storage-unavailable': 503,
  // The database does not answer (restarting, stopped, unreachable): the request can be made again in a few seconds.
  'database-unavailable': 503,
  // The server's own disk is full (ENOSPC, EDQUOT): an unfinished upload keeps what was written and resumes once
  // space is freed. Not the configured quota, which is quota-exceeded.
  'disk-full': 507,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
