import type { StoredObjectInfo } from './storage';

export interface CachedObject {
  info: StoredObjectInfo;
  bytes: Buffer;
}

/** What a load found: the bytes when the object is small enough to keep, its metadata alone otherwise. */
export interface Loaded {
  info: StoredObjectInfo;
  bytes?: Buffer;
}

/**
 * The bytes of small objects that never change under their key (content-addressed derivatives), kept in memory up to
 * a byte budget, least recently used first out. A gallery page asks for the same few hundred grid images over and
 * over; answering them from memory skips the realpath, open, stat and read that each costs on disk (or the round
 * trip to S3). Only immutable keys may be cached: nothing here notices a changed object.
 */
export class SmallObjectCache {
  readonly #entries = new Map<string, CachedObject>();
  /** Reads under way, by key: a second miss of the same key waits for the first read instead of reading again. */
  readonly #loading = new Map<string, Promise<Loaded>>();
  #bytes = 0;

  constructor(
    /** Objects larger than this are streamed, never kept. */
    readonly maxObjectBytes = 512 * 1024,
    private readonly budgetBytes = 64 * 1024 * 1024,
  ) {}

  get(key: string): CachedObject | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      // Re-insert: Map order is the recency order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  /**
   * What `load` reads for `key`, read once however many callers miss it at the same time; kept when it came with
   * its bytes. Without this, a crowd's first look at a page read each picture once per viewer, every copy held in
   * memory at once until sent.
   */
  loadOnce(key: string, load: () => Promise<Loaded>): Promise<Loaded> {
    const pending = this.#loading.get(key);
    if (pending) return pending;
    const loading = load()
      .then((loaded) => {
        if (loaded.bytes) this.set(key, { info: loaded.info, bytes: loaded.bytes });
        return loaded;
      })
      .finally(() => this.#loading.delete(key));
    this.#loading.set(key, loading);
    return loading;
  }

  set(key: string, entry: CachedObject): void {
    if (entry.bytes.length > this.maxObjectBytes) return;
    this.delete(key);
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes.length;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.budgetBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= old.bytes.length;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes.length;
  }

  get size(): number {
    return this.#entries.size;
  }

  get totalBytes(): number {
    return this.#bytes;
  }
}
