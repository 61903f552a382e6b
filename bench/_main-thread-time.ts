/**
 * How much of a page's main-thread time after its first paint was work, and how much was waiting for a core.
 *
 * A trace gives each task two lengths: `dur`, from its start to its end on the wall clock, and `tdur`, the CPU time
 * its thread actually ran. Lighthouse's simulated throttling multiplies `dur`. On a busy 2-core host, where the
 * browser's other processes, the server and Lighthouse itself share the cores with the page, a task's wall time is
 * often several times its CPU time, and the multiplied waiting becomes TBT. Lighthouse's formula applied to the CPU
 * time instead, beside its own TBT, tells the page's own cost from the host's.
 */

/** The fields of a trace event read here (Lighthouse's `TraceEvent` has them all; `tdur` only on complete events). */
export interface TraceEventLike {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadTime {
  /** Tasks after the first paint long enough to block at this slowdown, by their wall time. */
  longTasks: number;
  /** Their wall time, and the CPU time their thread ran in them, both unthrottled (ms). */
  wallMs: number;
  cpuMs: number;
  /** Σ max(0, multiplier · CPU time − 50 ms) over the tasks after the first paint: TBT's formula over CPU time. */
  blockingFromCpuMs: number;
}

/** Chromium's names for one task of a thread's message loop: the top-level events of its main thread. */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
/** A task blocks input for whatever it lasts beyond 50 ms (the definition of TBT). */
const BLOCKING_AFTER_MS = 50;

/**
 * The main-thread figures of one page load's trace: the tasks of the main thread of the renderer that painted the
 * page, from its first contentful paint as observed to the trace's end. TBT's own window runs from the paint to the
 * time to interactive as Lighthouse simulates them, so the two can differ by a task at either end. Returns undefined
 * when the trace has no first paint or no main thread for it.
 */
export function mainThreadTime(events: readonly TraceEventLike[], multiplier: number): MainThreadTime | undefined {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) return undefined;
  const mainThread = events.find(
    (event) => event.pid === paint.pid && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  if (!mainThread) return undefined;
  const tasks = events
    .filter(
      (event) =>
        event.pid === paint.pid &&
        event.tid === mainThread.tid &&
        event.ph === 'X' &&
        TASK_NAMES.has(event.name) &&
        typeof event.dur === 'number' &&
        event.ts >= paint.ts,
    )
    .sort((a, b) => a.ts - b.ts);
  const result: MainThreadTime = { longTasks: 0, wallMs: 0, cpuMs: 0, blockingFromCpuMs: 0 };
  let end = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    // A task run inside another (a nested message loop) is already part of the outer one's time.
    if (task.ts < end) continue;
    const wallMs = (task.dur ?? 0) / 1000;
    const cpuMs = (task.tdur ?? task.dur ?? 0) / 1000;
    end = task.ts + (task.dur ?? 0);
    result.blockingFromCpuMs += Math.max(0, multiplier * cpuMs - BLOCKING_AFTER_MS);
    if (multiplier * wallMs > BLOCKING_AFTER_MS) {
      result.longTasks++;
      result.wallMs += wallMs;
      result.cpuMs += cpuMs;
    }
  }
  return result;
}
