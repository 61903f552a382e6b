import type { UploadState } from './upload-state';

/** What the summary reads of each task (UploadTask has more). */
export interface SummarizedTask {
  state: UploadState;
  waiting: boolean;
  bytesSent: number;
  size: number;
  /** Bytes per second, smoothed (smoothSpeed). */
  speed: number;
}

export interface UploadSummary {
  /** Files that count: every file but the canceled ones. */
  files: number;
  /** Files the server accepted. */
  done: number;
  failed: number;
  /** Bytes sent of the files that count, and their total. */
  bytesSent: number;
  bytesTotal: number;
  /** Files still to send or being sent (paused ones included). */
  active: number;
  /** Bytes per second now: the smoothed speeds of the files being sent, added up. */
  speed: number;
  /** Seconds until the last byte at that speed, or null while there is no speed to go by. */
  secondsLeft: number | null;
}

/** The tray's figures over every task: files, bytes, the speed and the time left. */
export function summarizeUploads(tasks: readonly SummarizedTask[]): UploadSummary {
  const counted = tasks.filter((task) => task.state !== 'canceled');
  const sending = counted.filter((task) => task.state === 'running' && !task.waiting);
  const unfinished = counted.filter((task) => task.state !== 'success' && task.state !== 'error');
  const bytesTotal = counted.reduce((sum, task) => sum + task.size, 0);
  const bytesSent = counted.reduce((sum, task) => sum + (task.state === 'success' ? task.size : task.bytesSent), 0);
  const speed = sending.reduce((sum, task) => sum + task.speed, 0);
  const bytesLeft = unfinished.reduce((sum, task) => sum + Math.max(0, task.size - task.bytesSent), 0);
  return {
    files: counted.length,
    done: counted.filter((task) => task.state === 'success').length,
    failed: counted.filter((task) => task.state === 'error').length,
    bytesSent,
    bytesTotal,
    active: unfinished.length,
    speed,
    secondsLeft: unfinished.length === 0 ? 0 : speed > 0 ? Math.ceil(bytesLeft / speed) : null,
  };
}

/** The time left as a whole number of one unit, rounded up, so "about 2 minutes" never means 2 min 50 s. */
export function timeLeftParts(seconds: number): { value: number; unit: 'second' | 'minute' | 'hour' } {
  if (seconds < 60) return { value: Math.max(1, Math.ceil(seconds)), unit: 'second' };
  if (seconds < 3600) return { value: Math.ceil(seconds / 60), unit: 'minute' };
  return { value: Math.ceil(seconds / 3600), unit: 'hour' };
}
