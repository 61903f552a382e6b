/**
 * An open-loop load generator, run as its own process by the benchmarks:
 *
 *   node --import tsx bench/_open-loop.ts <url> <requests per second> <seconds> [warm-up seconds]
 *
 * Request i is due at start + i / rate, whether or not earlier answers have come back, and its latency is measured
 * from when it was due, not from when it was sent. A closed loop (autocannon, wrk) waits for an answer before the next
 * request on that connection, so a server that stalls is simply sent less, and the queueing it causes never shows in
 * the latencies (coordinated omission). Prints one JSON line: percentiles in ms, counts, and how late sends were.
 */
import http from 'node:http';

export interface OpenLoopResult {
  rate: number;
  sent: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** How far behind its timetable the generator itself fell at worst (ms): large values make the run suspect. */
  maxSendLagMs: number;
}

/** The p-th percentile (nearest rank) of ascending latencies; also used by the other load generators. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const [url = '', rateArg = '1000', secondsArg = '10', warmupArg = '1'] = process.argv.slice(2);
  const rate = Number(rateArg);
  const warmup = Math.round(Number(warmupArg) * rate);
  const total = warmup + Math.round(Number(secondsArg) * rate);
  // Enough sockets that a slow server makes requests wait in our queue, where the clock already runs, not unsent.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const latencies = new Float64Array(total - warmup);
  const counts = { done: 0, errors: 0, non2xx: 0 };
  let maxSendLagMs = 0;
  const start = performance.now() + 20;
  const dueAt = (i: number) => start + (i * 1000) / rate;

  await new Promise<void>((resolve) => {
    const finish = (i: number, ok: boolean) => {
      if (i >= warmup) latencies[i - warmup] = ok ? performance.now() - dueAt(i) : Number.POSITIVE_INFINITY;
      if (++counts.done === total) resolve();
    };
    const send = (i: number) => {
      maxSendLagMs = Math.max(maxSendLagMs, performance.now() - dueAt(i));
      const request = http.get(url, { agent }, (response) => {
        if (response.statusCode !== 200 && i >= warmup) counts.non2xx++;
        response.resume();
        response.on('end', () => finish(i, true));
        response.on('error', () => finish(i, false));
      });
      request.on('error', () => {
        if (i >= warmup) counts.errors++;
        finish(i, false);
      });
    };
    let next = 0;
    const tick = () => {
      const now = performance.now();
      while (next < total && dueAt(next) <= now) send(next++);
      if (next < total) setTimeout(tick, Math.max(0, dueAt(next) - performance.now()));
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  agent.destroy();
  const sorted = latencies.sort();
  const result: OpenLoopResult = {
    rate,
    sent: latencies.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    errors: counts.errors,
    non2xx: counts.non2xx,
    maxSendLagMs,
  };
  console.log(JSON.stringify(result));
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await main();
