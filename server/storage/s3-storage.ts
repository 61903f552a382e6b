import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type * as S3Uploads from '@aws-sdk/lib-storage';
import type * as S3Presigner from '@aws-sdk/s3-request-presigner';
import { formatContentDisposition } from '../http/content-disposition';
import { requireOnUse } from '../require-on-use';
import { assertValidKey, checkListOptions } from './keys';
import {
  type Storage,
  StorageNotFoundError,
  StorageRangeError,
  StorageUnavailableError,
  type StoredObjectInfo,
} from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** For S3-compatible services (MinIO, R2, s3rver); AWS itself needs none. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle?: boolean;
  /** Bodies larger than this go up in parts of this size (at least 5 MiB, the S3 minimum). */
  partSizeBytes?: number;
  /**
   * How long to wait for a store that does not answer; DEFAULT_S3_TIMEOUTS where unset. Tests set short ones on the
   * storage configuration, which createStorage hands over whole.
   */
  timeouts?: Partial<S3Timeouts>;
}

/**
 * A store that stops answering must fail the call in seconds (then StorageUnavailableError, a 503 with Retry-After),
 * not hold the request for as long as it hangs; yet a long transfer that keeps moving must never be cut.
 */
export interface S3Timeouts {
  /** To open a connection. */
  connectMs: number;
  /**
   * From sending a call without a body (a read, a listing, a delete) to the first byte of its answer. Uploads have
   * none: sending their body takes as long as the link needs; only `idleMs` watches them.
   */
  answerMs: number;
  /**
   * The longest a connection may go without a byte either way, the body of a transfer included. A slow transfer
   * that keeps moving is never cut; a download whose reader stops reading (a paused video) is.
   */
  idleMs: number;
  /** Tries per call, the first included, before the store counts as unavailable. */
  attempts: number;
}

/**
 * Three tries of 3 s each put a hung store's 503 at about 10 s. Three seconds without the first byte is already
 * far outside S3's usual answer time; AWS's own guidance is to retry a request that slow.
 */
export const DEFAULT_S3_TIMEOUTS: S3Timeouts = { connectMs: 3_000, answerMs: 3_000, idleMs: 30_000, attempts: 3 };

const DEFAULT_PART_BYTES = 8 * 1024 * 1024;

/**
 * Stores objects in an S3 bucket. Puts go through lib-storage's Upload: small bodies as one PutObject, large ones
 * as a multipart upload that becomes visible only when completed (and is aborted on failure), so nothing partial is
 * ever listed or served. Checksums are computed only when an operation requires them: the SDK's default sends
 * streamed bodies `aws-chunked` with a CRC trailer, which some S3-compatible servers store verbatim (s3rver does,
 * silently corrupting the object).
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  // The SDK is loaded only by an instance that stores in S3.
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } =
    requireOnUse<typeof S3Sdk>('@aws-sdk/client-s3');
  const { Upload } = requireOnUse<typeof S3Uploads>('@aws-sdk/lib-storage');
  const { getSignedUrl } = requireOnUse<typeof S3Presigner>('@aws-sdk/s3-request-presigner');
  const timeouts = { ...DEFAULT_S3_TIMEOUTS, ...options.timeouts };
  // Passed with each call that sends no body: a timer from the request to the answer's first byte.
  const answerWithin = { requestTimeout: timeouts.answerMs };
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    requestHandler: {
      connectionTimeout: timeouts.connectMs,
      socketTimeout: timeouts.idleMs,
      throwOnRequestTimeout: true,
    },
    maxAttempts: timeouts.attempts,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const partSize = Math.max(options.partSizeBytes ?? DEFAULT_PART_BYTES, 5 * 1024 * 1024);

  async function head(key: string): Promise<StoredObjectInfo | null> {
    assertValidKey(key);
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }), answerWithin);
      return {
        key,
        size: out.ContentLength ?? 0,
        etag: out.ETag ?? '""',
        lastModified: out.LastModified ?? new Date(0),
        contentType: out.ContentType,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function upload(key: string, body: Buffer | Readable, contentType: string | undefined) {
    assertValidKey(key);
    await new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType },
      partSize,
      queueSize: 2,
    }).done();
    const info = await head(key);
    if (!info) throw new StorageNotFoundError(key);
    return info;
  }

  return reportUnreachable({
    kind: 's3',

    put: (key, body, putOptions = {}) => upload(key, body, putOptions.contentType),

    async putFile(key, localPath, putOptions = {}) {
      await upload(key, fs.createReadStream(localPath), putOptions.contentType);
      await fsp.rm(localPath, { force: true });
    },

    async get(key, range) {
      assertValidKey(key);
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
          answerWithin,
        );
        const total = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : (out.ContentLength ?? 0);
        const info: StoredObjectInfo = {
          key,
          size: total,
          etag: out.ETag ?? '""',
          lastModified: out.LastModified ?? new Date(0),
          contentType: out.ContentType,
        };
        return { stream: out.Body as Readable, info };
      } catch (error) {
        if (isNotFound(error)) throw new StorageNotFoundError(key);
        if (errorName(error) === 'InvalidRange') {
          const current = await head(key);
          throw new StorageRangeError(key, current?.size ?? 0);
        }
        throw error;
      }
    },

    head,

    async list(listOptions) {
      const maxResults = checkListOptions(listOptions);
      const out = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: listOptions.prefix || undefined,
          Delimiter: listOptions.delimiter,
          ContinuationToken: listOptions.pageToken,
          MaxKeys: maxResults,
        }),
        answerWithin,
      );
      return {
        items: (out.Contents ?? []).flatMap((item) =>
          item.Key === undefined
            ? []
            : [
                {
                  key: item.Key,
                  size: item.Size ?? 0,
                  etag: item.ETag ?? '""',
                  lastModified: item.LastModified ?? new Date(0),
                  contentType: undefined,
                },
              ],
        ),
        prefixes: (out.CommonPrefixes ?? []).flatMap((p) => (p.Prefix === undefined ? [] : [p.Prefix])),
        nextPageToken: out.IsTruncated ? out.NextContinuationToken : undefined,
      };
    },

    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }), answerWithin);
    },

    async signedUrl(key, signOptions) {
      assertValidKey(key);
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition:
          signOptions.downloadName === undefined
            ? undefined
            : formatContentDisposition(signOptions.dispositionType ?? 'attachment', signOptions.downloadName),
        ResponseContentType: signOptions.contentType,
        ResponseCacheControl: signOptions.cacheControl,
      });
      return getSignedUrl(client, command, { expiresIn: signOptions.expiresInSeconds });
    },
  });
}

/** Network failures, and what S3 answers when it is itself failing; the SDK has retried them already. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

function isUnreachable(error: unknown): boolean {
  const failure = error as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } } | null;
  if (!failure) return false;
  if (failure.code && UNREACHABLE_CODES.has(failure.code)) return true;
  if (failure.name === 'TimeoutError' || failure.name === 'RequestTimeout') return true;
  const status = failure.$metadata?.httpStatusCode;
  return status !== undefined && status >= 500;
}

/**
 * Every call that talks to the store throws StorageUnavailableError when the store cannot be reached, so a
 * request gets a clean 503 `storage-unavailable` and a job knows to try again later. (The URL signer only
 * computes, and a stream that breaks after it started is the caller's to handle.)
 */
function reportUnreachable(storage: Storage): Storage {
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        throw isUnreachable(error) ? new StorageUnavailableError(error) : error;
      }
    };
  return {
    ...storage,
    put: guard(storage.put),
    putFile: guard(storage.putFile),
    get: guard(storage.get),
    head: guard(storage.head),
    list: guard(storage.list),
    delete: guard(storage.delete),
  };
}

function errorName(error: unknown): string | undefined {
  return (error as { name?: string } | null)?.name;
}

function isNotFound(error: unknown): boolean {
  const name = errorName(error);
  // HeadObject has no error body, so the SDK names it after the status; a missing bucket stays an error.
  return name === 'NoSuchKey' || name === 'NotFound';
}
