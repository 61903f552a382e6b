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

/**
 * The storage is full: the configured quota (STORAGE_QUOTA_BYTES) would be passed. The original storage service
 * answered `quota-exceeded` (402) when its storage was full, and so do we. A full disk is diskFull().
 */
export function storageFull(): AppError {
  return new AppError(
    'quota-exceeded',
    'The storage is full. Delete files or raise the storage quota, then try again.',
    {
      reason: 'storage-full',
    },
  );
}

/**
 * The server's disk is full (507): only the operator can fix it, by freeing space. Nothing already written is lost:
 * an unfinished upload keeps its bytes and resumes from there, so the message says to try again afterwards.
 */
export function diskFull(): AppError {
  return new AppError(
    'disk-full',
    "The server's disk is full. Nothing received so far is lost: free some space, then try again.",
  );
}

/**
 * A write failed because the disk (or the user's disk quota) is full: a file write (ENOSPC, EDQUOT), or the database's
 * own (SQLite's SQLITE_FULL, PostgreSQL's disk_full 53100) when it lives on that disk.
 */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL' || code === '53100';
}

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}
