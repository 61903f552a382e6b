import { InvalidStorageArgumentError, InvalidStorageKeyError } from './storage';

/** The largest page a list call returns (and the default): 1 to 1000, as in the original storage service. */
export const MAX_LIST_RESULTS = 1000;

/**
 * Path segments beginning with this are the disk driver's own (temporary files, ETag sidecars). Keys may not use
 * them on any driver, so an object can move between drivers without changing its key.
 */
export const RESERVED_SEGMENT_PREFIX = '.~';

// C0 controls, DEL and C1 controls: invisible in listings and dangerous in headers and shells.
const CONTROL_CHARACTERS = /\p{Cc}/u;
const MAX_KEY_BYTES = 1024;

function segmentProblem(segment: string): boolean {
  return segment === '' || segment === '.' || segment === '..' || segment.startsWith(RESERVED_SEGMENT_PREFIX);
}

function hasForbiddenCharacters(value: string): boolean {
  return value.includes('\\') || CONTROL_CHARACTERS.test(value);
}

/**
 * Throws InvalidStorageKeyError unless `key` is a relative '/'-separated path of non-empty segments without `.`,
 * `..`, backslashes, control characters or reserved segments, at most 1024 UTF-8 bytes (the S3 limit).
 */
export function assertValidKey(key: string): void {
  if (
    typeof key !== 'string' ||
    key === '' ||
    key.startsWith('/') ||
    hasForbiddenCharacters(key) ||
    Buffer.byteLength(key) > MAX_KEY_BYTES ||
    key.split('/').some(segmentProblem)
  ) {
    throw new InvalidStorageKeyError(key);
  }
}

/**
 * A list prefix follows the key rules, except that it may be empty, may end with '/', and its last segment may be
 * partial (`MainGallery/ph` matches `MainGallery/photo.jpg`).
 */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (trimmed === '') throw new InvalidStorageKeyError(prefix);
  assertValidKey(trimmed);
}

/** Checks the list options every driver shares and returns the page size to use. */
export function checkListOptions(options: { prefix?: string; delimiter?: string; maxResults?: number }): number {
  assertValidPrefix(options.prefix ?? '');
  if (options.delimiter !== undefined && (options.delimiter === '' || hasForbiddenCharacters(options.delimiter))) {
    throw new InvalidStorageArgumentError('The delimiter must be a non-empty printable string.');
  }
  const maxResults = options.maxResults ?? MAX_LIST_RESULTS;
  if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > MAX_LIST_RESULTS) {
    throw new InvalidStorageArgumentError(`maxResults must be a whole number from 1 to ${MAX_LIST_RESULTS}.`);
  }
  return maxResults;
}
