/**
 * Gallery viewers as a load generator, run as its own process by the benchmarks so it never shares the server's
 * event loop:
 *
 *   node --import tsx bench/_viewers.ts '<ViewerPlan as JSON>'
 *
 * Each viewer is a browser in a loop until the time is up: it opens a public page as HTML (the home page one time in
 * five, else a random page of /gallery), asks /api/gallery for that page, fetches the page's thumbnails it has not
 * fetched before (they are immutable, so a browser keeps them) six at a time, now and then downloads an original,
 * then thinks for a moment. A closed loop, as people are: a slow server is sent less, so read the latencies beside
 * the request count. Prints one JSON line (ViewersResult).
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { percentile } from './_open-loop';

export interface ViewerPlan {
  /** Base URL of the server, e.g. http://127.0.0.1:3000 */
  url: string;
  viewers: number;
  seconds: number;
  pageCount: number;
  /** Ids of public items whose original may be downloaded. */
  downloadable: string[];
  /** One iteration in this many downloads an original. */
  downloadEvery: number;
  /** Think time between two iterations, drawn uniformly from [min, max] ms. */
  thinkMs: [number, number];
}

export const REQUEST_KINDS = ['page', 'api', 'thumbnail', 'download'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export interface KindFigures {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface ViewersResult {
  seconds: number;
  iterations: number;
  requests: number;
  errors: number;
  /** The first few failures, as "<kind> <path>: <status or error>". */
  errorSamples: string[];
  bytes: number;
  requestsPerSecond: number;
  kinds: Record<RequestKind, KindFigures>;
  /** p99 of the /api/gallery answers sent in each WINDOW_SECONDS of the run, in order: where in the run the tail is. */
  apiP99ByWindow: number[];
}

/** The stretch of a run each `apiP99ByWindow` figure covers (the last one may hold only requests sent at the end). */
export const WINDOW_SECONDS = 10;

/** What a browser sends: the server may compress, and the answers are measured as it sends them. */
const ACCEPT_ENCODING = 'br, gzip';
/** Connections a browser opens to one host at most, so a viewer's thumbnails go at most six at a time. */
const BROWSER_CONNECTIONS = 6;
const TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = ([min, max]: [number, number]) => min + Math.random() * (max - min);

interface Answer {
  ok: boolean;
  body: Buffer | null;
}

/** The first AVIF candidate of an item's srcset: the smallest thumbnail, what a grid tile asks for. */
function thumbnailOf(item: { image: { srcset: { avif: string } } }): string | null {
  const first = item.image.srcset.avif.split(',')[0]?.trim().split(' ')[0];
  return first ? new URL(first, 'http://x').pathname : null;
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

export async function runViewers(plan: ViewerPlan): Promise<ViewersResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.viewers * BROWSER_CONNECTIONS });
  const latencies = Object.fromEntries(REQUEST_KINDS.map((kind) => [kind, [] as number[]])) as Record<
    RequestKind,
    number[]
  >;
  const errors = Object.fromEntries(REQUEST_KINDS.map((kind) => [kind, 0])) as Record<RequestKind, number>;
  const errorSamples: string[] = [];
  const apiByWindow: number[][] = [];
  let bytes = 0;
  let iterations = 0;

  const fail = (kind: RequestKind, target: string, why: string) => {
    errors[kind]++;
    if (errorSamples.length < 10) errorSamples.push(`${kind} ${target}: ${why}`);
  };

  /** One GET, timed from sending to the last byte; keeps the (decoded) body only when asked. */
  const get = (kind: RequestKind, target: string, keepBody = false) =>
    new Promise<Answer>((resolve) => {
      const started = performance.now();
      const request = http.get(
        `${plan.url}${target}`,
        { agent, headers: { 'accept-encoding': ACCEPT_ENCODING }, timeout: TIMEOUT_MS },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (keepBody) chunks.push(chunk);
          });
          response.on('error', (error) => {
            fail(kind, target, error.message);
            resolve({ ok: false, body: null });
          });
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            const ok = (status >= 200 && status < 300) || status === 304;
            if (ok) recordLatency(kind, started, performance.now() - started);
            else fail(kind, target, `status ${status}`);
            const encoding = response.headers['content-encoding'];
            resolve({ ok, body: ok && keepBody ? decode(Buffer.concat(chunks), encoding) : null });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)));
      request.on('error', (error) => {
        fail(kind, target, error.message);
        resolve({ ok: false, body: null });
      });
    });

  const started = performance.now();
  const end = started + plan.seconds * 1000;

  function recordLatency(kind: RequestKind, sentAt: number, ms: number): void {
    latencies[kind].push(ms);
    if (kind !== 'api') return;
    const window = Math.floor((sentAt - started) / (WINDOW_SECONDS * 1000));
    const sent = apiByWindow[window] ?? [];
    sent.push(ms);
    apiByWindow[window] = sent;
  }

  async function viewer(): Promise<void> {
    const kept = new Set<string>();
    // Arrivals spread over one think time, not 500 requests in the same millisecond.
    await sleep(between([0, plan.thinkMs[1]]));
    while (performance.now() < end) {
      iterations++;
      const page = 1 + Math.floor(Math.random() * plan.pageCount);
      await get('page', Math.random() < 0.2 ? '/' : page === 1 ? '/gallery' : `/gallery?page=${page}`);
      const api = await get('api', `/api/gallery?type=all&page=${page}`, true);
      if (api.body) {
        const { items } = JSON.parse(api.body.toString('utf8')) as { items: Array<Parameters<typeof thumbnailOf>[0]> };
        const wanted = items.map(thumbnailOf).filter((url): url is string => url !== null && !kept.has(url));
        for (let i = 0; i < wanted.length; i += BROWSER_CONNECTIONS) {
          const batch = wanted.slice(i, i + BROWSER_CONNECTIONS);
          const answers = await Promise.all(batch.map((url) => get('thumbnail', url)));
          for (const [j, answer] of answers.entries()) if (answer.ok) kept.add(batch[j] ?? '');
        }
      }
      if (plan.downloadable.length > 0 && Math.random() < 1 / plan.downloadEvery) {
        const id = plan.downloadable[Math.floor(Math.random() * plan.downloadable.length)];
        await get('download', `/api/media/${id}/download`);
      }
      await sleep(between(plan.thinkMs));
    }
  }

  await Promise.all(Array.from({ length: plan.viewers }, viewer));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  const kinds = Object.fromEntries(
    REQUEST_KINDS.map((kind) => {
      const sorted = Float64Array.from(latencies[kind]).sort();
      const figures: KindFigures = {
        requests: sorted.length + errors[kind],
        errors: errors[kind],
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? Number.NaN,
      };
      return [kind, figures];
    }),
  ) as Record<RequestKind, KindFigures>;
  const requests = REQUEST_KINDS.reduce((sum, kind) => sum + kinds[kind].requests, 0);
  return {
    seconds,
    iterations,
    requests,
    errors: REQUEST_KINDS.reduce((sum, kind) => sum + errors[kind], 0),
    errorSamples,
    bytes,
    requestsPerSecond: requests / seconds,
    kinds,
    apiP99ByWindow: Array.from(apiByWindow, (window) => percentile(Float64Array.from(window ?? []).sort(), 99)),
  };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  console.log(JSON.stringify(await runViewers(JSON.parse(process.argv[2] ?? '{}') as ViewerPlan)));
}
