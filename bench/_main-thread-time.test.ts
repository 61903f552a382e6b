import { describe, expect, it } from 'vitest';
import { mainThreadTime, type TraceEventLike } from './_main-thread-time';

const PAGE = 7;
const MAIN = 1;
const OTHER_THREAD = 2;

/** A task of the page's main thread at `atMs`, `wallMs` long, of which its thread ran `cpuMs`. */
const task = (atMs: number, wallMs: number, cpuMs: number, tid = MAIN): TraceEventLike => ({
  name: 'RunTask',
  ph: 'X',
  pid: PAGE,
  tid,
  ts: atMs * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

const page = (...tasks: TraceEventLike[]): TraceEventLike[] => [
  { name: 'thread_name', ph: 'M', pid: PAGE, tid: MAIN, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'firstContentfulPaint', ph: 'I', pid: PAGE, tid: MAIN, ts: 1000 * 1000 },
  ...tasks,
];

describe('mainThreadTime', () => {
  it("picks the long tasks by their wall time, and applies the blocking formula to each task's CPU time", () => {
    const figures = mainThreadTime(
      page(
        task(1010, 40, 10), // ×4: 160 ms of wall (110 blocking), 40 ms of CPU (none)
        task(1100, 30, 20), // ×4: 120 (70), 80 (30)
        task(1200, 10, 10), // ×4: 40, under 50: blocks nothing, not a long task
      ),
      4,
    );
    expect(figures).toEqual({ longTasks: 2, wallMs: 70, cpuMs: 30, blockingFromCpuMs: 30 });
  });

  it('leaves out what came before the first paint, other threads and processes, and a task nested in another', () => {
    const nested = { ...task(1020, 30, 30), name: 'ThreadControllerImpl::RunTask' };
    const otherProcess = { ...task(1100, 100, 100), pid: PAGE + 1 };
    const figures = mainThreadTime(
      page(task(500, 100, 20), task(1010, 40, 40, OTHER_THREAD), task(1010, 40, 40), nested, otherProcess),
      4,
    );
    expect(figures).toEqual({ longTasks: 1, wallMs: 40, cpuMs: 40, blockingFromCpuMs: 110 });
  });

  it('uses the slowdown it is given', () => {
    expect(mainThreadTime(page(task(1010, 40, 40)), 2)?.blockingFromCpuMs).toBe(30);
  });

  it('has nothing to say about a trace without a first paint or its main thread', () => {
    expect(mainThreadTime([task(1010, 40, 10)], 4)).toBeUndefined();
    expect(mainThreadTime(page().slice(1), 4)).toBeUndefined();
  });
});
