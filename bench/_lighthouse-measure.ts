/**
 * One Lighthouse run (12.8.2, default config: mobile, simulated throttling; performance, SEO and accessibility) on the
 * system Chromium, a fresh browser each time, and the figures the benchmark keeps of it.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { mainThreadTime } from './_main-thread-time';

const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS];

/**
 * Lighthouse multiplies the main-thread time it observes by 4, a factor meant for a fast desktop host (it warns from a
 * CPU index of 1,000 down, about half the host it expects). `LIGHTHOUSE_CPU_MULTIPLIER` runs the same pages with a
 * factor calibrated to a slower host, as Lighthouse's throttling guide suggests; such a run is recorded in a section
 * of docs/BENCHMARKS.md of its own, and the goals are judged at the default.
 */
export const LIGHTHOUSE_CPU_MULTIPLIER = throttling.mobileSlow4G.cpuSlowdownMultiplier;
export const CPU_MULTIPLIER = cpuMultiplierFromEnv(process.env.LIGHTHOUSE_CPU_MULTIPLIER);

function cpuMultiplierFromEnv(value: string | undefined): number {
  if (value === undefined) return LIGHTHOUSE_CPU_MULTIPLIER;
  const multiplier = Number(value);
  if (!Number.isFinite(multiplier) || multiplier < 1) {
    throw new Error(`LIGHTHOUSE_CPU_MULTIPLIER must be a number of at least 1, not "${value}"`);
  }
  return multiplier;
}

export interface RunFigures {
  score: number;
  seo: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
  kb: number;
  /** Lighthouse's own CPU speed probe of this run: lower means a slower or busier machine, and a higher TBT. */
  benchmarkIndex: number;
  /**
   * TBT's formula over the main thread's tasks after the first paint, from the CPU time each task's thread ran
   * instead of its wall time (see _main-thread-time.ts): the page's own cost, without the time it waited for a core.
   */
  cpuTbtMs: number;
  /** The long tasks' wall time and the CPU time their thread ran in them (unthrottled). */
  longTaskWallMs: number;
  longTaskCpuMs: number;
}
export type Measured = { figures: RunFigures; lhr: Result };

export async function measure(url: string): Promise<Measured> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'error',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'seo', 'accessibility'],
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_MULTIPLIER },
    });
    const lhr = result?.lhr;
    // Lighthouse does not throw when the page fails to load: it reports a runtimeError and null scores.
    const { performance: perf, seo, accessibility } = lhr?.categories ?? {};
    if (!lhr || lhr.runtimeError || perf?.score == null || seo?.score == null || accessibility?.score == null) {
      throw new Error(`Lighthouse could not measure ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
    }
    const numeric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value !== 'number') throw new Error(`${url}: audit ${id} has no value`);
      return value;
    };
    const mainThread = mainThreadTime(result.artifacts.Trace.traceEvents, CPU_MULTIPLIER);
    if (!mainThread) throw new Error(`${url}: the trace has no first paint on a main thread`);
    const figures = {
      score: perf.score * 100,
      seo: seo.score * 100,
      accessibility: accessibility.score * 100,
      lcpMs: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      tbtMs: numeric('total-blocking-time'),
      fcpMs: numeric('first-contentful-paint'),
      speedIndexMs: numeric('speed-index'),
      kb: numeric('total-byte-weight') / 1024,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      cpuTbtMs: mainThread.blockingFromCpuMs,
      longTaskWallMs: mainThread.wallMs,
      longTaskCpuMs: mainThread.cpuMs,
    };
    return { figures, lhr };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse now and then loses a trace on this machine (NO_NAVSTART, seen once in about twenty runs of a static
 * page): such a run is tried once more, and a second failure ends the benchmark.
 */
export async function measureOnceMore(url: string): Promise<Measured> {
  try {
    return await measure(url);
  } catch (error) {
    console.warn(`${(error as Error).message} — trying once more`);
    return measure(url);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Each figure's own median over the runs (so the row need not be one run's). */
export function medianFigures(runs: RunFigures[]): RunFigures {
  const keys = Object.keys(runs[0] ?? {}) as Array<keyof RunFigures>;
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as unknown as RunFigures;
}

/** The run whose score is the median one (closest LCP to the median on a tie): the one whose details we report. */
export function medianRun(runs: Measured[], mid: RunFigures): Measured | undefined {
  const distance = (f: RunFigures) => Math.abs(f.score - mid.score) * 1e6 + Math.abs(f.lcpMs - mid.lcpMs);
  return [...runs].sort((a, b) => distance(a.figures) - distance(b.figures))[0];
}

/** The run with the lowest score (the slowest LCP on a tie): what a visitor on a bad load gets. */
export function worstRun(runs: Measured[]): Measured | undefined {
  return [...runs].sort((a, b) => a.figures.score - b.figures.score || b.figures.lcpMs - a.figures.lcpMs)[0];
}

/** One run's figures as a one-line log. */
export function describeRun(f: RunFigures): string {
  return (
    `score ${f.score.toFixed(0)}, SEO ${f.seo.toFixed(0)}, accessibility ${f.accessibility.toFixed(0)}, ` +
    `LCP ${f.lcpMs.toFixed(0)} ms, CLS ${f.cls.toFixed(3)}, TBT ${f.tbtMs.toFixed(0)} ms, FCP ${f.fcpMs.toFixed(0)} ms, ` +
    `SI ${f.speedIndexMs.toFixed(0)} ms, ${f.kb.toFixed(0)} KB, CPU index ${f.benchmarkIndex.toFixed(0)}, ` +
    `TBT from CPU time ${f.cpuTbtMs.toFixed(0)} ms (long tasks: wall ${f.longTaskWallMs.toFixed(0)} ms, ` +
    `CPU ${f.longTaskCpuMs.toFixed(0)} ms)`
  );
}
