/**
 * The upload task states and the only moves between them. Pure: the upload queue asks here before it
 * acts, so a button can never put a task in a state that is not allowed.
 *
 *   running ──pause──▶ pausing ──paused──▶ paused
 *   pausing / paused ──resume──▶ running
 *   running / pausing ──cancel──▶ canceling ──canceled──▶ canceled
 *   running ──fail──▶ error        running ──succeed──▶ success
 *   error ──retry──▶ running (a failed file is sent again; tus resumes it from the server's offset)
 */
export const UPLOAD_STATES = ['running', 'pausing', 'paused', 'canceling', 'canceled', 'error', 'success'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

export type UploadEvent = 'pause' | 'paused' | 'resume' | 'cancel' | 'canceled' | 'fail' | 'succeed' | 'retry';

const MOVES: Record<UploadEvent, Partial<Record<UploadState, UploadState>>> = {
  // Pause only from running.
  pause: { running: 'pausing' },
  paused: { pausing: 'paused' },
  // Resume from paused or pausing.
  resume: { paused: 'running', pausing: 'running' },
  // Cancel from running or pausing.
  cancel: { running: 'canceling', pausing: 'canceling' },
  canceled: { canceling: 'canceled' },
  fail: { running: 'error', pausing: 'error' },
  succeed: { running: 'success', pausing: 'success' },
  retry: { error: 'running' },
};

/** The state after `event`, or null when that move is not allowed from `state`. */
export function nextUploadState(state: UploadState, event: UploadEvent): UploadState | null {
  return MOVES[event][state] ?? null;
}

export function canApply(state: UploadState, event: UploadEvent): boolean {
  return nextUploadState(state, event) !== null;
}

/** States in which nothing more will happen to the task unless the photographer retries a failed one. */
export function isFinished(state: UploadState): boolean {
  return state === 'canceled' || state === 'error' || state === 'success';
}

/**
 * The waits between retries of a failed transfer: 1 s, then ×1.5 each time, at most 60 s apiece, until 10 minutes
 * of waiting in total (back-off 1 s ×1.5 up to 60 s, giving up after 600,000 ms).
 */
export function retryDelays(firstMs = 1000, factor = 1.5, maxMs = 60_000, totalMs = 600_000): number[] {
  const delays: number[] = [];
  let next = firstMs;
  let sum = 0;
  while (sum + Math.min(next, maxMs) <= totalMs) {
    const delay = Math.min(next, maxMs);
    delays.push(Math.round(delay));
    sum += delay;
    next *= factor;
  }
  return delays;
}

/**
 * Whether the answer to the HEAD that resumes an upload says the upload is gone for good (404, 410: never made or
 * removed; 403: not the uploader's to resume), so the file may start over as a new upload. Any other failure of that
 * HEAD (a 5xx from an instance restarting or a store that does not answer, a lost connection) is passing: the same
 * upload is asked for again after the retry back-off, and it resumes from the bytes the server kept.
 */
export function uploadIsGone(headStatus: number): boolean {
  return headStatus === 403 || headStatus === 404 || headStatus === 410;
}

/** Bytes per second over the last interval, smoothed so the figure does not jump with every chunk. */
export function smoothSpeed(previous: number, bytes: number, ms: number, weight = 0.3): number {
  if (ms <= 0) return previous;
  const instant = (bytes * 1000) / ms;
  return previous === 0 ? instant : previous * (1 - weight) + instant * weight;
}
