import {
  DetailedError,
  defaultOptions,
  type HttpRequest,
  type HttpResponse,
  Upload,
  type UploadOptions,
} from 'tus-js-client';
import {
  isFinished,
  nextUploadState,
  retryDelays,
  smoothSpeed,
  type UploadEvent,
  type UploadState,
  uploadIsGone,
} from './upload-state';

export const UPLOAD_ENDPOINT = '/api/uploads';
/** Files sent at the same time; the rest wait their turn. */
export const PARALLEL_UPLOADS = 3;
/** One PATCH carries at most this much, so a slow link never hits a server request time-out. */
const CHUNK_SIZE = 32 * 1024 * 1024;
/** tus-js-client keeps the upload URL of each unfinished file here (localStorage), by fingerprint. */
const TUS_STORAGE_PREFIX = 'tus::';

/** Why a file failed: the server's code and reason (e.g. unsupported-media-type / unsupported-type), or network. */
export interface UploadFailure {
  code: string;
  reason?: string;
}

/** Where a file goes: a client's folder or the main gallery, or a competition (its photos are then placed by time). */
export type UploadTarget = { folder: string } | { event: string };

/** A target as one string, to compare targets and to key them. */
export function uploadTargetKey(target: UploadTarget): string {
  return 'event' in target ? `event:${target.event}` : `folder:${target.folder}`;
}

/** A file to send and, for an edited export, the id of the item of the target folder whose original it replaces. */
export interface UploadFile {
  file: File;
  replaces?: string;
}

export interface UploadTask {
  id: string;
  file: File;
  target: UploadTarget;
  /** The item this file replaces (it keeps its id), or null for a new item. */
  replaces: string | null;
  state: UploadState;
  /** Running but not started yet: waiting for a free slot. */
  waiting: boolean;
  bytesSent: number;
  /** Bytes per second, smoothed. */
  speed: number;
  error: UploadFailure | null;
  /** The stored name, once the server accepted the file. */
  storedName: string | null;
}

interface Internal {
  task: UploadTask;
  upload: Upload | null;
  lastProgressAt: number;
  lastBytes: number;
}

/**
 * The server's answer behind a failed request: its own, or, for a resume whose HEAD failed (keepUploadOnFailedHead),
 * the HEAD's, which tus-js-client wraps in an error of its own.
 */
function responseOf(error: DetailedError): HttpResponse | null {
  const cause = error.causingError;
  return error.originalResponse ?? (cause instanceof DetailedError ? cause.originalResponse : null);
}

/** The codes of answers without our JSON body: tus's own refusals, and any answer to a HEAD (which has no body). */
const CODE_OF_STATUS: Record<number, string> = { 413: 'payload-too-large', 507: 'disk-full' };

function failureOf(error: Error): UploadFailure {
  if (error instanceof DetailedError) {
    const response = responseOf(error);
    if (!response) return { code: 'network-error' };
    try {
      const body = JSON.parse(response.getBody()) as { error?: { code?: string; details?: { reason?: string } } };
      if (body.error?.code) return { code: body.error.code, reason: body.error.details?.reason };
    } catch {
      // tus's own refusals (413, 460…) are plain text
    }
    return { code: CODE_OF_STATUS[response.getStatus()] ?? 'upload-failed' };
  }
  return { code: 'upload-failed' };
}

/**
 * Whether a failed request is sent again by itself. A full server disk (507 disk-full) does not clear within the
 * retry window, so it shows at once: the photographer frees space and chooses Retry, which resumes from the bytes the
 * server kept. Everything else follows tus-js-client's own rule.
 */
function shouldRetry(error: DetailedError, attempt: number, options: UploadOptions): boolean {
  if (responseOf(error)?.getStatus() === 507) return false;
  // A failed resume is judged by the HEAD's own answer: a 5xx is retried, a 401 (signed out) is not.
  const cause = error.causingError instanceof DetailedError ? error.causingError : error;
  return defaultOptions.onShouldRetry?.(cause, attempt, options) ?? false;
}

/**
 * tus-js-client takes any failed HEAD of a resume (but 423) for a lost upload: it creates a new upload and sends the
 * file again from byte 0, and the partial upload waits on the server for the clean-up. Unless the answer says the
 * upload is really gone (uploadIsGone), the answer becomes a failed request here instead, which tus retries after
 * the back-off with the same upload URL (a lost connection on the HEAD already goes that way).
 */
function keepUploadOnFailedHead(request: HttpRequest, response: HttpResponse): void {
  if (request.getMethod() !== 'HEAD') return;
  const status = response.getStatus();
  if ((status >= 200 && status < 300) || uploadIsGone(status)) return;
  const failed = new DetailedError(`tus: the server answered ${status} to the resume of an upload`);
  failed.originalRequest = request;
  failed.originalResponse = response;
  throw failed;
}

/** tus-js-client's own fingerprint of the file, marked with the item it replaces. */
function replacementFingerprint(replaces: string): NonNullable<UploadOptions['fingerprint']> {
  return async (file, options) => `${await defaultOptions.fingerprint(file, options)}-replaces-${replaces}`;
}

/**
 * The admin's upload list (one per page load, upload-store.ts): each file goes to /api/uploads by tus, at most PARALLEL_UPLOADS at a time, and moves only
 * along the upload state machine (upload-state.ts). Failed transfers retry with back-off for up to 10 minutes; an
 * interrupted file (reload, closed tab, server restart) resumes from the server's offset when it is chosen again,
 * since tus-js-client remembers its upload URL by the file's fingerprint.
 */
export class UploadQueue {
  private items: Internal[] = [];
  private listeners = new Set<() => void>();
  private snapshot: UploadTask[] = [];
  private counter = 0;

  private acceptedListeners = new Set<(task: UploadTask) => void>();

  /** Told of each file the server accepted (a folder view refreshes its grid); answers the unsubscribe. */
  onUploaded = (listener: (task: UploadTask) => void): (() => void) => {
    this.acceptedListeners.add(listener);
    return () => {
      this.acceptedListeners.delete(listener);
    };
  };

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private emit(): void {
    this.snapshot = this.items.map((item) => ({ ...item.task }));
    for (const listener of this.listeners) listener();
  }

  private find(id: string): Internal | undefined {
    return this.items.find((item) => item.task.id === id);
  }

  private move(item: Internal, event: UploadEvent): boolean {
    const next = nextUploadState(item.task.state, event);
    if (!next) return false;
    item.task.state = next;
    return true;
  }

  add(files: ReadonlyArray<File | UploadFile>, target: UploadTarget): void {
    for (const entry of files) {
      const { file, replaces } = entry instanceof File ? { file: entry, replaces: undefined } : entry;
      this.items.push({
        task: {
          id: `u${++this.counter}`,
          file,
          target,
          replaces: replaces ?? null,
          state: 'running',
          waiting: true,
          bytesSent: 0,
          speed: 0,
          error: null,
          storedName: null,
        },
        upload: null,
        lastProgressAt: 0,
        lastBytes: 0,
      });
    }
    this.pump();
  }

  private active(): number {
    return this.items.filter(
      (item) => !item.task.waiting && ['running', 'pausing', 'canceling'].includes(item.task.state),
    ).length;
  }

  private pump(): void {
    for (const item of this.items) {
      if (this.active() >= PARALLEL_UPLOADS) break;
      if (item.task.state === 'running' && item.task.waiting) this.start(item);
    }
    this.emit();
  }

  private start(item: Internal): void {
    item.task.waiting = false;
    item.lastProgressAt = performance.now();
    item.lastBytes = item.task.bytesSent;
    if (item.upload) {
      item.upload.start();
      return;
    }
    const upload = new Upload(item.task.file, {
      endpoint: UPLOAD_ENDPOINT,
      chunkSize: CHUNK_SIZE,
      retryDelays: retryDelays(),
      onShouldRetry: shouldRetry,
      onAfterResponse: keepUploadOnFailedHead,
      metadata: {
        filename: item.task.file.name,
        filetype: item.task.file.type || 'application/octet-stream',
        // `folder`, or `event` (the server then takes the capture time and camera from the file).
        ...item.task.target,
        ...(item.task.replaces ? { replaces: item.task.replaces } : {}),
      },
      // The server reads the metadata when the upload is created: a replacement resumes only an upload made as that
      // replacement, never one of the same file sent as a new item (and the other way round).
      fingerprint: item.task.replaces ? replacementFingerprint(item.task.replaces) : defaultOptions.fingerprint,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent) => {
        const now = performance.now();
        item.task.speed = smoothSpeed(item.task.speed, sent - item.lastBytes, now - item.lastProgressAt);
        item.lastBytes = sent;
        item.lastProgressAt = now;
        item.task.bytesSent = sent;
        this.emit();
      },
      onSuccess: ({ lastResponse }) => {
        const name = lastResponse.getHeader('X-Media-Name');
        item.task.storedName = name ? decodeURIComponent(name) : null;
        item.task.bytesSent = item.task.file.size;
        if (this.move(item, 'succeed')) for (const listener of this.acceptedListeners) listener({ ...item.task });
        this.pump();
      },
      onError: (error) => {
        item.task.error = failureOf(error);
        this.move(item, 'fail');
        this.pump();
      },
    });
    item.upload = upload;
    void upload.findPreviousUploads().then(
      (previous) => {
        const [latest] = previous.toSorted((a, b) => b.creationTime.localeCompare(a.creationTime));
        if (latest) upload.resumeFromPreviousUpload(latest);
        if (item.task.state === 'running') upload.start();
      },
      () => upload.start(),
    );
  }

  pause(id: string): void {
    const item = this.find(id);
    if (!item || !this.move(item, 'pause')) return;
    this.emit();
    const stopped = item.upload && !item.task.waiting ? item.upload.abort(false) : Promise.resolve();
    void stopped.finally(() => {
      if (this.move(item, 'paused')) item.task.waiting = true;
      this.pump();
    });
  }

  resume(id: string): void {
    const item = this.find(id);
    if (!item) return;
    const wasPausing = item.task.state === 'pausing';
    if (!this.move(item, 'resume')) return;
    // A pausing upload has not stopped yet: the abort in flight finishes, then the task starts again from the queue.
    item.task.waiting = true;
    if (!wasPausing) this.pump();
    else this.emit();
  }

  cancel(id: string): void {
    const item = this.find(id);
    if (!item || !this.move(item, 'cancel')) return;
    this.emit();
    // abort(true) also deletes the partial upload on the server.
    const stopped = item.upload ? item.upload.abort(true) : Promise.resolve();
    void stopped
      .catch(() => undefined)
      .finally(() => {
        this.move(item, 'canceled');
        this.pump();
      });
  }

  /** Sends a failed file again: a new transfer that tus resumes from what the server already holds. */
  retry(id: string): void {
    const item = this.find(id);
    if (!item || !this.move(item, 'retry')) return;
    item.task.error = null;
    item.task.waiting = true;
    item.task.speed = 0;
    item.upload = null;
    this.pump();
  }

  /** Takes the finished files (sent, failed, canceled) off the list; the others go on. */
  clearFinished(): void {
    this.items = this.items.filter((item) => !isFinished(item.task.state));
    this.emit();
  }

  /** Whether a file is still being sent or waits its turn: leaving the page now would stop it. */
  busy(): boolean {
    return this.items.some((item) => !isFinished(item.task.state));
  }
}

/** Unfinished uploads remembered from an earlier visit (tus-js-client's localStorage entries). */
export function unfinishedUploads(storage: Storage = window.localStorage): Array<{ key: string; filename: string }> {
  const found: Array<{ key: string; filename: string }> = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(TUS_STORAGE_PREFIX)) continue;
    try {
      const entry = JSON.parse(storage.getItem(key) ?? '{}') as { metadata?: { filename?: string } };
      found.push({ key, filename: entry.metadata?.filename ?? '?' });
    } catch {
      // not one of ours
    }
  }
  return found;
}

export function forgetUnfinishedUploads(keys: string[], storage: Storage = window.localStorage): void {
  for (const key of keys) storage.removeItem(key);
}
