import fs from 'node:fs';
import path from 'node:path';

/** The folder inside the synced folder where the command keeps what it knows (never sent itself). */
export const STATE_DIR = '.gallery-sync';

/** What one target (a site's event or client folder) was sent from this folder. */
interface TargetState {
  /** The contents (MD5, base64) the target has: sent from here, or found there. */
  sent: string[];
  /** Uploads begun and not finished, by content: the tus URL to resume at. */
  uploads: Record<string, string>;
  /** Files seen and not yet sent (relative paths), in the order they came: the watch's queue. */
  queue: string[];
}

interface StateData {
  version: 1;
  /** Each file's MD5 by its size and modification time, so an unchanged file is not read again. */
  hashes: Record<string, { size: number; mtimeMs: number; md5: string }>;
  targets: Record<string, TargetState>;
}

/**
 * `.gallery-sync/state.json`: what this folder sent where, the uploads to resume and the queue. Written atomically
 * (a temporary file renamed over it), so a crash or Ctrl-C leaves the old state or the new one, never half of one.
 */
export class StateFile {
  readonly #file: string;
  readonly #data: StateData;
  readonly #target: TargetState;
  readonly #sent: Set<string>;

  constructor(folder: string, targetKey: string) {
    this.#file = path.join(folder, STATE_DIR, 'state.json');
    this.#data = readState(this.#file);
    this.#data.targets[targetKey] ??= { sent: [], uploads: {}, queue: [] };
    this.#target = this.#data.targets[targetKey];
    this.#sent = new Set(this.#target.sent);
  }

  cachedHash(relative: string, size: number, mtimeMs: number): string | undefined {
    const known = this.#data.hashes[relative];
    return known && known.size === size && known.mtimeMs === mtimeMs ? known.md5 : undefined;
  }

  rememberHash(relative: string, size: number, mtimeMs: number, md5: string): void {
    this.#data.hashes[relative] = { size, mtimeMs, md5 };
  }

  /** Whether this file, unchanged since it was hashed, was sent: the watch ignores it without reading it again. */
  sentUnchanged(relative: string, size: number, mtimeMs: number): boolean {
    const md5 = this.cachedHash(relative, size, mtimeMs);
    return md5 !== undefined && this.#sent.has(md5);
  }

  wasSent(md5: string): boolean {
    return this.#sent.has(md5);
  }

  markSent(md5: string): void {
    this.#sent.add(md5);
    this.#target.sent.push(md5);
    delete this.#target.uploads[md5];
  }

  uploadUrl(md5: string): string | undefined {
    return this.#target.uploads[md5];
  }

  setUploadUrl(md5: string, url: string | null): void {
    if (url === null) delete this.#target.uploads[md5];
    else this.#target.uploads[md5] = url;
  }

  get queue(): readonly string[] {
    return this.#target.queue;
  }

  enqueue(relative: string): void {
    if (!this.#target.queue.includes(relative)) this.#target.queue.push(relative);
  }

  dequeue(relative: string): void {
    this.#target.queue = this.#target.queue.filter((entry) => entry !== relative);
  }

  save(): void {
    fs.mkdirSync(path.dirname(this.#file), { recursive: true });
    const temporary = `${this.#file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(this.#data));
    fs.renameSync(temporary, this.#file);
  }
}

function readState(file: string): StateData {
  try {
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as StateData;
    if (data.version === 1 && data.hashes && data.targets) return data;
  } catch {
    // No state yet, or one that cannot be read: start afresh (the server's own check still skips what it has).
  }
  return { version: 1, hashes: {}, targets: {} };
}
