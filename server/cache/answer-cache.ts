import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The encodings an answer is kept in besides plain JSON (what @fastify/compress would otherwise do per request). */
export type AnswerEncoding = 'br' | 'gzip';

/**
 * Brotli's quality 6, not its default 11: a kept answer is compressed again after every change and every backstop
 * remake, while requests wait for it. On an 84 KB gallery page quality 11 took 70 ms for 9.9 KB and quality 6 took
 * 1.3 ms for 11.0 KB; with 50 pages remade at once, 11 held the server for seconds (docs/BENCHMARKS.md, load).
 */
const BROTLI_QUALITY = 6;

const compressors: Record<AnswerEncoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(zlib.brotliCompress)(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      },
    }),
  gzip: (body) => promisify(zlib.gzip)(body, { level: 9 }),
};

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * One serialized answer: the exact bytes, their type and ETag, what its maker noted beside them, and, made on first
 * demand, their compressed forms.
 */
export interface CachedAnswer<Meta = undefined> {
  body: Buffer;
  /** The Content-Type the bytes are sent with. */
  type: string;
  /** Weak: the same for every encoding of these bytes. */
  etag: string;
  /** What the maker needs besides the bytes when it sends them (a page's status), kept with them. */
  meta: Meta;
  encoded(encoding: AnswerEncoding): Promise<Buffer>;
}

/** What a maker of an answer gives the cache. */
export interface MadeAnswer<Meta> {
  body: Buffer;
  type: string;
  meta: Meta;
  /** False: hand it to the requests that waited for it, but keep nothing (an answer that is about to change). */
  keep?: boolean;
}

interface Entry<Meta> {
  answer: CachedAnswer<Meta>;
  bytes: number;
  /** When the backstop makes it again (monotonic ms). */
  remakeAt: number;
}

/**
 * An answer's backstop age is drawn between half and all of `maxAgeMs`: answers made together (the first visitors after
 * a start, or after a change that cleared them all) would otherwise all come due in the same second and be made again
 * at once, 50 server renders in one burst that stalled every request behind it (docs/BENCHMARKS.md, load).
 */
const BACKSTOP_SPREAD = 0.5;

export interface AnswerCacheOptions {
  /** Bytes kept at most (plain and compressed forms together); the least recently used answers go first. */
  maxBytes?: number;
  /**
   * An answer is made again after at most this long (at least half of it) even if no change was announced: the
   * backstop for a lost announcement. The old one is served until the new one is made.
   */
  maxAgeMs?: number;
  /** Milliseconds, monotonic; tests pass a fake clock. */
  now?: () => number;
}

/**
 * Answers kept as bytes by key, for what is the same for every visitor (JSON, a page's HTML). One request makes a missing answer and
 * the others arriving meanwhile wait for it. `clear()` starts a new generation: an answer still being made from what
 * was read before the change is handed to the requests that were waiting for it, but never kept.
 */
export function createAnswerCache<Meta = undefined>(options: AnswerCacheOptions = {}) {
  const maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, Entry<Meta>>();
  const making = new Map<string, Promise<CachedAnswer<Meta>>>();
  let generation = 0;
  let heldBytes = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    heldBytes -= entry.bytes;
  }

  function grow(key: string, entry: Entry<Meta>, bytes: number): void {
    if (entries.get(key) !== entry) return;
    entry.bytes += bytes;
    heldBytes += bytes;
    evict();
  }

  function evict(): void {
    // Map order is insertion order, and a hit re-inserts: the first key is the least recently used.
    for (const key of entries.keys()) {
      if (heldBytes <= maxBytes) return;
      remove(key);
    }
  }

  function answerOf({ body, type, meta }: MadeAnswer<Meta>, onEncoded: (bytes: number) => void): CachedAnswer<Meta> {
    const forms = new Map<AnswerEncoding, Promise<Buffer>>();
    return {
      body,
      type,
      meta,
      etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
      encoded(encoding) {
        let form = forms.get(encoding);
        if (!form) {
          form = compressors[encoding](body);
          form.then(
            (bytes) => onEncoded(bytes.length),
            () => forms.delete(encoding),
          );
          forms.set(encoding, form);
        }
        return form;
      },
    };
  }

  async function make(key: string, produce: () => Promise<MadeAnswer<Meta>>): Promise<CachedAnswer<Meta>> {
    const started = generation;
    const made = await produce();
    let entry: Entry<Meta> | undefined;
    const answer = answerOf(made, (bytes) => {
      if (entry) grow(key, entry, bytes);
    });
    if (generation === started) remove(key);
    if (generation === started && made.keep !== false) {
      entry = { answer, bytes: made.body.length, remakeAt: now() + maxAgeMs * (1 - BACKSTOP_SPREAD * Math.random()) };
      entries.set(key, entry);
      heldBytes += made.body.length;
      evict();
    }
    return answer;
  }

  /** The answer kept under `key`, or the one `produce` makes, kept until the next `clear()` (unless it says not to). */
  function getMade(key: string, produce: () => Promise<MadeAnswer<Meta>>): Promise<CachedAnswer<Meta>> {
    const entry = entries.get(key);
    if (entry) {
      entries.delete(key);
      entries.set(key, entry);
      // Past its age, with no change announced: the backstop only. It is made again behind this request, which
      // (like every one until the new answer is there) still gets the kept bytes instead of waiting for the remake.
      if (now() >= entry.remakeAt) remake(key, produce).catch(() => undefined);
      return Promise.resolve(entry.answer);
    }
    return remake(key, produce);
  }

  /** Makes the answer under `key` once, however many requests want it meanwhile. */
  function remake(key: string, produce: () => Promise<MadeAnswer<Meta>>): Promise<CachedAnswer<Meta>> {
    const pending = making.get(key);
    if (pending) return pending;
    const made = make(key, produce).finally(() => {
      if (making.get(key) === made) making.delete(key);
    });
    making.set(key, made);
    return made;
  }

  return {
    getMade,

    /** Whether a request for `key` now would be answered without making anything: the answer is kept or being made. */
    has: (key: string): boolean => entries.has(key) || making.has(key),

    /** The JSON answer kept under `key`, or the one `produce` gives, serialized once (for a cache without notes). */
    get(key: string, produce: () => Promise<unknown>): Promise<CachedAnswer<Meta>> {
      return getMade(key, async () => ({
        body: Buffer.from(JSON.stringify(await produce())),
        type: JSON_TYPE,
        meta: undefined as Meta,
      }));
    },

    /** Forgets every answer, and every answer being made, at once. */
    clear(): void {
      generation++;
      entries.clear();
      making.clear();
      heldBytes = 0;
    },

    /** Bytes held now (tests and diagnostics). */
    heldBytes: () => heldBytes,
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;
