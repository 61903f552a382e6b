import type { IncomingHttpHeaders } from 'node:http';
import type { StoredObjectInfo } from '../storage/storage';

/** What to send for a GET: the whole object, one byte range of it, or 416. */
export type RangePlan = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i;

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/**
 * RFC 9110 §13.1.2 and §13.1.3: If-None-Match (weak comparison, `*` matches any existing object) wins over
 * If-Modified-Since, which compares at the one-second resolution of HTTP dates.
 */
export function isNotModified(headers: IncomingHttpHeaders, info: StoredObjectInfo): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    const tags = noneMatch.split(',').map((tag) => tag.trim());
    return tags.includes('*') || tags.some((tag) => opaqueTag(tag) === opaqueTag(info.etag));
  }
  const modifiedSince = headers['if-modified-since'];
  if (modifiedSince === undefined) return false;
  const since = Date.parse(modifiedSince);
  return !Number.isNaN(since) && seconds(info.lastModified) <= Math.floor(since / 1000);
}

/**
 * If-Range (RFC 9110 §13.1.5): the range applies only when the validator still names this exact representation —
 * an identical strong ETag, or the exact Last-Modified date. Otherwise the client's cached part is stale and it
 * must get the whole object.
 */
function rangeStillValid(ifRange: string | undefined, info: StoredObjectInfo): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === info.etag && !value.startsWith('W/');
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === seconds(info.lastModified);
}

/**
 * One range of `bytes=a-b`, `bytes=a-` or `bytes=-n`. A malformed header or several ranges are answered with the
 * whole object (RFC 9110 §14.2 lets a server ignore Range); a range starting past the end is unsatisfiable.
 */
export function planRange(headers: IncomingHttpHeaders, info: StoredObjectInfo): RangePlan {
  const header = headers.range;
  if (header === undefined || !rangeStillValid(headers['if-range'] as string | undefined, info))
    return { kind: 'full' };
  const match = SINGLE_RANGE.exec(header);
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  const size = info.size;
  if (first === '') {
    if (last === '') return { kind: 'full' };
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'partial', start, end };
}
