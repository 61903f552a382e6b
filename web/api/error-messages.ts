import type { ErrorCode } from '../../shared/error-codes';
import { ApiError, NETWORK_ERROR } from './client';
import { problemsOfError } from './field-problems';

/**
 * A translation key for every code the server can answer with (shared/error-codes.ts), so a new code without a
 * message fails the typecheck. Keys carry their namespace, so any page can show them.
 */
export const ERROR_MESSAGE_KEYS: Record<ErrorCode | typeof NETWORK_ERROR, string> = {
  [NETWORK_ERROR]: 'common:errors.network',
  'invalid-argument': 'common:errors.invalidArgument',
  'invalid-json': 'common:errors.invalidArgument',
  'invalid-email': 'auth:errors.invalidEmail',
  'weak-password': 'auth:errors.weakPassword',
  'invalid-code': 'auth:errors.invalidCode',
  'expired-code': 'auth:errors.expiredCode',
  'invalid-reset-link': 'auth:reset.invalidOrExpired',
  'invalid-credentials': 'auth:errors.invalidCredentials',
  'email-in-use': 'auth:errors.emailInUse',
  'invalid-verification-link': 'auth:verifyEmail.invalid',
  'invalid-invitation': 'auth:invitation.invalid',
  'email-not-verified': 'common:errors.emailNotVerified',
  'folder-not-empty': 'common:errors.folderNotEmpty',
  'site-folder': 'common:errors.siteFolder',
  'client-has-account': 'common:errors.clientHasAccount',
  'gallery-empty': 'common:errors.galleryEmpty',
  'already-announced': 'common:errors.alreadyAnnounced',
  'not-delivered': 'common:errors.notDelivered',
  'not-proofing': 'common:errors.notProofing',
  'selection-locked': 'common:errors.selectionLocked',
  'already-delivered': 'common:errors.alreadyDelivered',
  'order-not-delivered': 'common:errors.orderNotDelivered',
  'no-picks': 'common:errors.noPicks',
  'order-transition': 'common:errors.orderTransition',
  'order-not-awaiting-payment': 'sales:report.notAwaitingPayment',
  'receipt-not-issued': 'sales:receipt.notIssued',
  'selection-changed': 'common:errors.selectionChanged',
  'media-in-order': 'common:errors.mediaInOrder',
  'media-not-ready': 'common:errors.mediaNotReady',
  'replace-other-folder': 'common:errors.replaceOtherFolder',
  'replace-other-type': 'common:errors.replaceOtherType',
  'media-trashed': 'common:errors.mediaTrashed',
  'invalid-start-list': 'common:errors.invalidStartList',
  'forbidden-origin': 'common:errors.forbiddenOrigin',
  unauthenticated: 'common:errors.unauthenticated',
  'quota-exceeded': 'common:errors.quotaExceeded',
  unauthorized: 'common:errors.unauthorized',
  'not-found': 'common:errors.notFound',
  'object-not-found': 'common:errors.notFound',
  'method-not-allowed': 'common:errors.generic',
  conflict: 'common:errors.conflict',
  'terms-changed': 'common:errors.termsChanged',
  'terms-not-accepted': 'common:errors.termsNotAccepted',
  'payload-too-large': 'common:errors.payloadTooLarge',
  'unsupported-media-type': 'common:errors.unsupportedMediaType',
  'too-many-requests': 'common:errors.tooManyRequests',
  'internal-error': 'common:errors.generic',
  unavailable: 'common:errors.unavailable',
  'storage-unavailable': 'common:errors.storageUnavailable',
  'database-unavailable': 'common:errors.databaseUnavailable',
  'disk-full': 'common:errors.diskFull',
};

function isKnownCode(code: string): code is keyof typeof ERROR_MESSAGE_KEYS {
  return Object.hasOwn(ERROR_MESSAGE_KEYS, code);
}

/**
 * The message key for any failed call: the server's code translated, or "something went wrong". A field refused for
 * hidden characters gets its own message: "not valid" would send the person looking for a mistake they cannot see.
 */
export function errorMessageKey(error: unknown): string {
  if ([...problemsOfError(error).values()].includes('hidden-characters')) return 'common:errors.hiddenCharacters';
  if (error instanceof ApiError && isKnownCode(error.code)) return ERROR_MESSAGE_KEYS[error.code];
  return 'common:errors.generic';
}
