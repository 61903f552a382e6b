import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { Loaded, SmallObjectCache } from '../storage/small-object-cache';
import {
  InvalidStorageKeyError,
  type Storage,
  StorageNotFoundError,
  StorageRangeError,
  type StoredObjectInfo,
} from '../storage/storage';
import { accelRedirectPath, type ProxySend } from './accel';
import { formatContentDisposition } from './content-disposition';
import { isNotModified, planRange } from './http-conditions';

export interface SendStoredObjectOptions {
  /** Decided by the caller from sniffed content, never from the stored name. */
  contentType: string;
  cacheControl: string;
  disposition?: { type: 'inline' | 'attachment'; filename: string };
  /** For example `Content-Security-Policy: sandbox` for an SVG original. */
  extraHeaders?: Record<string, string>;
  /**
   * Only for keys whose bytes never change (content-addressed derivatives): small objects are answered from this
   * memory cache, larger ones are streamed as usual.
   */
  cache?: SmallObjectCache;
  /**
   * Set (MEDIA_ACCEL=nginx with the disk driver, see proxySendOf): the route has authorized the request, and nginx
   * sends the file from its internal location (X-Accel-Redirect), answering Range, If-Range, 304 and 416 itself.
   */
  accel?: ProxySend;
}

/** How often to start over when the object is replaced between reading its metadata and opening its bytes. */
const MAX_ATTEMPTS = 3;

function representationHeaders(info: StoredObjectInfo, options: SendStoredObjectOptions): Record<string, string> {
  return {
    etag: info.etag,
    'last-modified': info.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
    ...policyHeaders(options),
  };
}

/** What every answer about the object says, whoever sends its bytes. */
function policyHeaders(options: SendStoredObjectOptions): Record<string, string> {
  return {
    'cache-control': options.cacheControl,
    'content-type': options.contentType,
    'x-content-type-options': 'nosniff',
    ...(options.disposition
      ? {
          'content-disposition': formatContentDisposition(options.disposition.type, options.disposition.filename),
        }
      : {}),
    ...options.extraHeaders,
  };
}

/**
 * Answers GET or HEAD with a stored object: ETag and Last-Modified with 304 for If-None-Match / If-Modified-Since,
 * one byte range with 206 (If-Range respected), 416 with `Content-Range: bytes *\/size` for a range past the end,
 * and the whole object otherwise (several ranges also get the whole object). `X-Content-Type-Options: nosniff` is
 * always sent. The storage stream is destroyed as soon as the client goes away.
 *
 * Register the route with `compress: false`: a compressed body would not match Content-Length or byte ranges.
 * Throws AppError object-not-found when the key does not exist and invalid-argument for a malformed key.
 */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  options: SendStoredObjectOptions,
): Promise<FastifyReply> {
  if (options.accel) return handOverToProxy(reply, key, options.accel, options);
  let known: StoredObjectInfo | undefined;
  if (options.cache) {
    const cache = options.cache;
    // Concurrent first requests for the same picture (a crowd opening one page) share one read of it.
    const found = cache.get(key) ?? (await cache.loadOnce(key, () => readSmallObject(storage, key, cache)));
    if (found.bytes) {
      const answer = planAnswer(request, reply, found.info, options);
      return answer.range ? answer.reply.send(slice(found.bytes, answer.range)) : answer.reply;
    }
    // Too large to keep: streamed below, from the metadata just read.
    known = found.info;
  }
  for (let attempt = 1; ; attempt++) {
    const info = attempt === 1 && known ? known : await headOrFail(storage, key);
    const answer = planAnswer(request, reply, info, options);
    if (!answer.range) return answer.reply;
    const whole = answer.range.start === 0 && answer.range.end === info.size - 1;
    const opened = await openAsDescribed(storage, key, info, whole ? undefined : answer.range, attempt);
    if (!opened) continue;
    if (request.raw.destroyed || reply.raw.destroyed) {
      opened.stream.destroy();
      return reply;
    }
    // Fastify also destroys the payload when the response closes early; this makes the release independent of it.
    reply.raw.once('close', () => {
      if (!opened.stream.readableEnded) opened.stream.destroy();
    });
    return answer.reply.send(opened.stream);
  }
}

/**
 * The answer nginx turns into the file itself. nginx keeps Content-Type, Content-Disposition and Cache-Control of
 * this answer; the internal location adds the other headers back from it (`$upstream_http_…`), so a response sent
 * by the proxy carries the same policy as one sent here. A stat (not a read) first, so a missing file is this
 * server's JSON 404 rather than the proxy's.
 */
async function handOverToProxy(
  reply: FastifyReply,
  key: string,
  proxy: ProxySend,
  options: SendStoredObjectOptions,
): Promise<FastifyReply> {
  let target: string;
  try {
    target = accelRedirectPath(key);
  } catch (error) {
    if (error instanceof InvalidStorageKeyError) throw new AppError('invalid-argument', error.message);
    throw error;
  }
  const stat = await fsp.stat(path.join(proxy.root, ...key.split('/'))).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
    throw error;
  });
  if (!stat?.isFile()) throw new AppError('object-not-found', 'Object does not exist');
  return reply.code(200).headers(policyHeaders(options)).header('x-accel-redirect', target).send();
}

/**
 * An object of a cache, read whole when it is small enough to keep; only its metadata when it is not. Starts over
 * when the object is replaced while it is read, rather than keep (or send) a mix.
 */
async function readSmallObject(storage: Storage, key: string, cache: SmallObjectCache): Promise<Loaded> {
  for (let attempt = 1; ; attempt++) {
    const info = await headOrFail(storage, key);
    if (info.size > cache.maxObjectBytes) return { info };
    const opened = await openAsDescribed(storage, key, info, undefined, attempt);
    if (!opened) continue;
    const bytes = await readWhole(opened.stream);
    if (bytes.length === info.size) return { info, bytes };
    if (attempt >= MAX_ATTEMPTS) throw changedWhileRead();
  }
}

/**
 * Opens `key` (or `range` of it) as `info` describes it. Null when it is gone or replaced since `info` was read and
 * attempt `attempt` may still start over; past the last attempt, the error a person reads instead.
 */
async function openAsDescribed(
  storage: Storage,
  key: string,
  info: StoredObjectInfo,
  range: { start: number; end: number } | undefined,
  attempt: number,
): Promise<Awaited<ReturnType<Storage['get']>> | null> {
  const mayRetry = attempt < MAX_ATTEMPTS;
  let opened: Awaited<ReturnType<Storage['get']>>;
  try {
    opened = await storage.get(key, range);
  } catch (error) {
    if ((error instanceof StorageNotFoundError || error instanceof StorageRangeError) && mayRetry) return null;
    if (error instanceof StorageNotFoundError) throw new AppError('object-not-found', 'Object does not exist');
    throw error;
  }
  if (opened.info.etag === info.etag) return opened;
  opened.stream.destroy();
  if (mayRetry) return null;
  throw changedWhileRead();
}

const changedWhileRead = () => new AppError('conflict', 'The file changed while it was being read. Please try again.');

function slice(bytes: Buffer, range: { start: number; end: number }): Buffer {
  return bytes.subarray(range.start, range.end + 1);
}

async function readWhole(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Sets status and headers for `info` and answers what needs no bytes (304, 416, HEAD). Otherwise returns the
 * inclusive byte range the body must carry (the whole object for a 200); the reply is not sent yet then, so an
 * error on the way to the bytes is still answered as JSON.
 */
function planAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  info: StoredObjectInfo,
  options: SendStoredObjectOptions,
): { reply: FastifyReply; range?: { start: number; end: number } } {
  const headers = representationHeaders(info, options);
  if (isNotModified(request.headers, info)) return { reply: reply.code(304).headers(headers).send() };

  const plan = planRange(request.headers, info);
  if (plan.kind === 'unsatisfiable') {
    const { 'content-type': _, ...rest } = headers;
    return { reply: reply.code(416).headers(rest).header('content-range', `bytes */${info.size}`).send() };
  }
  const range = plan.kind === 'partial' ? { start: plan.start, end: plan.end } : { start: 0, end: info.size - 1 };
  headers['content-length'] = String(range.end - range.start + 1);
  if (plan.kind === 'partial') headers['content-range'] = `bytes ${range.start}-${range.end}/${info.size}`;
  const status = plan.kind === 'partial' ? 206 : 200;
  // An empty stream keeps the Content-Length of a HEAD answer on both explicit and automatic HEAD routes.
  if (request.method === 'HEAD') return { reply: reply.code(status).headers(headers).send(Readable.from([])) };
  // Headers go on the reply only now that it will be answered with bytes.
  return { reply: reply.code(status).headers(headers), range };
}

async function headOrFail(storage: Storage, key: string): Promise<StoredObjectInfo> {
  let info: StoredObjectInfo | null;
  try {
    info = await storage.head(key);
  } catch (error) {
    if (error instanceof InvalidStorageKeyError) throw new AppError('invalid-argument', error.message);
    throw error;
  }
  if (!info) throw new AppError('object-not-found', 'Object does not exist');
  return info;
}
