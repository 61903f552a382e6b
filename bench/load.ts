/**
 * `npm run bench -- load [--duration s] [--viewers n]`: gallery viewers (500 for 60 s by default) against one real
 * server process (the production build on the embedded defaults: SQLite, disk), beside a bare node:http server
 * answering the same bytes under the same load, in two cases: a server that has only ever served (its gallery seeded
 * beside it), and one that first made the demo set through its own image pipeline, as a new site's first start does
 * (what libvips and malloc keep after pictures were made stays in the process). Goals, in each case: 0 errors, p99 of
 * /api/gallery ≤ 100 ms, the server's peak RSS ≤ 300 MB.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../server/env';
import { makeTempDir } from '../server/test/harness';
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS } from '../server/test/support/production-runtime';
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from '../server/test/support/server-process';
import { GALLERY_PAGE_SIZE } from '../shared/schemas/gallery';
import { startProcessedServer } from './_demo-site';
import { writeBenchmarkSection } from './_doc-section';
import { type SeededGallery, seedMainGallery } from './_gallery-seed';
import { printRatio } from './_report';
import { rssOf, samplePeakRss } from './_rss';
import { type KindFigures, type ViewerPlan, type ViewersResult, WINDOW_SECONDS } from './_viewers';

const VIEWERS_SCRIPT = path.resolve(import.meta.dirname, '_viewers.ts');
/** The benchmark's own web build: dist/ is rebuilt (and emptied) by other runs at any moment. */
const WEB_DIST = '/tmp/dist-bench-load';
/** 50 pages of six tiles; the first few items also keep their original for downloads. */
const ITEMS = 300;
const DOWNLOADABLE = 12;
const GOALS = { errors: 0, apiP99Ms: 100, rssMb: 300 };
const MB = 1_000_000;

interface Options {
  seconds: number;
  viewers: number;
}

function parseOptions(args: string[]): Options {
  const value = (flag: string, fallback: number) => {
    const at = args.indexOf(flag);
    const parsed = at < 0 ? fallback : Number(args[at + 1]);
    if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${flag} needs a positive number`);
    return parsed;
  };
  return { seconds: value('--duration', 60), viewers: value('--viewers', 500) };
}

interface Captured {
  headers: Record<string, string>;
  body: Buffer;
}

/** One GET as it crosses the wire (compressed as the server chose), for the bare server to send again. */
function capture(url: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`${url}: status ${response.statusCode}`));
          const headers: Record<string, string> = {};
          for (const name of ['content-type', 'content-encoding']) {
            const value = response.headers[name];
            if (typeof value === 'string') headers[name] = value;
          }
          resolve({ headers, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

/**
 * Every page and API answer the viewers ask for, fetched once from the real server: that also makes the server's
 * page indexes and kept answers, as the first visitors after a start would. Thumbnails and originals are stored
 * under the same file names for every seeded item (bench/_gallery-seed.ts), so one of each name stands for all; the
 * pictures a server made itself (the demo set) have names of their own.
 */
async function captureSite(url: string, pageCount: number, downloadId: string) {
  const exact = new Map<string, Captured>();
  const targets = ['/', '/gallery'];
  for (let page = 2; page <= pageCount; page++) targets.push(`/gallery?page=${page}`);
  for (let page = 1; page <= pageCount; page++) targets.push(`/api/gallery?type=all&page=${page}`);
  for (const target of targets) exact.set(target, await capture(`${url}${target}`));
  const byFile = new Map<string, Captured>();
  for (let page = 1; page <= pageCount; page++) {
    const { items } = (await (await fetch(`${url}/api/gallery?type=all&page=${page}`)).json()) as {
      items: Array<{ image: { srcset: Record<string, string> } }>;
    };
    for (const item of items) {
      for (const srcset of Object.values(item.image.srcset)) {
        for (const candidate of srcset.split(',')) {
          const pathname = new URL(candidate.trim().split(' ')[0] ?? '', url).pathname;
          const name = path.basename(pathname);
          if (!byFile.has(name)) byFile.set(name, await capture(`${url}${pathname}`));
        }
      }
    }
  }
  const original = await capture(`${url}/api/media/${downloadId}/download`);
  return { exact, byFile, original };
}

/** The ceiling of Node itself: a node:http server sending the captured bytes from memory, nothing else. */
async function startBareServer(site: Awaited<ReturnType<typeof captureSite>>) {
  const server = http.createServer((request, response) => {
    const target = request.url ?? '/';
    const thumbnail = /^\/media\/[^/]+\/([^/?]+)/.exec(target);
    const answer =
      site.exact.get(target) ??
      (thumbnail ? site.byFile.get(thumbnail[1] ?? '') : undefined) ??
      (/^\/api\/media\/[^/]+\/download/.test(target) ? site.original : undefined);
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { ...answer.headers, 'content-length': answer.body.length });
    response.end(answer.body);
  });
  // Fastify's idle keep-alive (72 s): Node's default 5 s closes sockets a viewer is about to reuse ("socket hang up").
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function runViewersProcess(plan: ViewerPlan): Promise<ViewersResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', VIEWERS_SCRIPT, JSON.stringify(plan)],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as ViewersResult;
}

const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const ms = (value: number) => `${value.toFixed(1)} ms`;
const kindLine = (label: string, k: KindFigures) =>
  `${label.padEnd(10)} ${String(k.requests).padStart(7)} requests, ${k.errors} errors, p50 ${ms(k.p50)}, ` +
  `p95 ${ms(k.p95)}, p99 ${ms(k.p99)}, max ${ms(k.max)}`;
const kindRow = (label: string, k: KindFigures, bare: KindFigures) =>
  `| ${label} | ${k.requests} | ${k.errors} | ${ms(k.p50)} | ${ms(k.p95)} | ${ms(k.p99)} | ${ms(bare.p99)} |`;

/** One case: a server made ready by `prepare`, its figures under the viewers, and the bare server's right after. */
interface CaseResult {
  label: string;
  ours: ViewersResult;
  reference: ViewersResult;
  rssBefore: number;
  rssPeak: number;
  seeded: SeededGallery;
  /** The demo set the server made before the viewers came (the second case). */
  processing: { seconds: number; peakRss: number } | null;
}

interface PreparedCase {
  server: ServerProcess;
  seeded: SeededGallery;
  /** Items in the gallery, the seeded ones and any the server made itself. */
  items: number;
  processing: CaseResult['processing'];
}

const SERVER_ENV = { NODE_ENV: 'production', WEB_DIST, LOG_LEVEL: 'warn' };

/** The gallery's item count as the server answers it now. */
async function galleryTotal(url: string): Promise<number> {
  return ((await (await fetch(`${url}/api/gallery?type=all&page=1`)).json()) as { total: number }).total;
}

/** The gallery seeded first, then the server started on it: it never decodes a picture. */
async function servingOnly(dataDir: string, port: number): Promise<PreparedCase> {
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(32) });
  const seeded = await seedMainGallery(config, { items: ITEMS, downloadable: DOWNLOADABLE });
  // As `npm start` runs it: the built server (`npm run build` made it above) with production's flags and
  // environment (server/test/support/production-runtime.ts), in production mode.
  const server = await startServerProcess(dataDir, port, { built: true, env: SERVER_ENV });
  return { server, seeded, items: ITEMS, processing: null };
}

/**
 * The server starts on an empty site and makes the demo set; then the same gallery is seeded beside it (the server
 * hears of the other writer's rows within a second, server/db/change-transport.ts) and the viewers come.
 */
async function afterProcessing(dataDir: string, port: number): Promise<PreparedCase> {
  const processed = await startProcessedServer(dataDir, port, SERVER_ENV);
  const { server } = processed;
  try {
    const made = await galleryTotal(server.url);
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(32) });
    const seeded = await seedMainGallery(config, { items: ITEMS, downloadable: DOWNLOADABLE });
    const items = made + ITEMS;
    const deadline = Date.now() + 30_000;
    while ((await galleryTotal(server.url)) !== items) {
      if (Date.now() > deadline) throw new Error('the server did not see the seeded gallery');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { server, seeded, items, processing: { seconds: processed.seconds, peakRss: processed.peakRss } };
  } catch (error) {
    await stopServerProcess(server.child);
    throw error;
  }
}

async function measureCase(
  label: string,
  options: Options,
  prepare: (dataDir: string, port: number) => Promise<PreparedCase>,
): Promise<CaseResult> {
  const temp = makeTempDir('gallery-bench-load-');
  try {
    const started = performance.now();
    const { server, seeded, items, processing } = await prepare(temp.dir, await freePort());
    console.log(`${label}: ready with ${items} items in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const pid = server.child.pid ?? 0;
    try {
      const pageCount = Math.ceil(items / GALLERY_PAGE_SIZE);
      const site = await captureSite(server.url, pageCount, seeded.downloadable[0] ?? '');
      const plan: Omit<ViewerPlan, 'url'> = {
        viewers: options.viewers,
        seconds: options.seconds,
        pageCount,
        downloadable: seeded.downloadable,
        downloadEvery: 20,
        thinkMs: [500, 1500],
      };
      const rssBefore = rssOf(pid);
      const peakRss = samplePeakRss(pid);
      const ours = await runViewersProcess({ ...plan, url: server.url });
      const rssPeak = peakRss();
      // The bare server right after, so the machine's other load weighs on both alike.
      const bare = await startBareServer(site);
      try {
        const reference = await runViewersProcess({ ...plan, url: bare.url });
        return { label, ours, reference, rssBefore, rssPeak, seeded, processing };
      } finally {
        await bare.close();
      }
    } catch (error) {
      console.error(server.output());
      throw error;
    } finally {
      await stopServerProcess(server.child);
    }
  } finally {
    temp.remove();
  }
}

export async function run(args: string[]): Promise<void> {
  const options = parseOptions(args);
  const loadAtStart = loadAverage();
  // The client and the server renderer, as `npm run build` makes them: the public pages are server-rendered.
  execFileSync('npm', ['run', 'build', '--silent', '--', '--logLevel', 'error'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST },
  });
  const cases = [
    await measureCase('serving only', options, servingOnly),
    await measureCase('after processing', options, afterProcessing),
  ];
  report(options, cases, `${loadAtStart} → ${loadAverage()}`);
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

function goalsOf(result: CaseResult) {
  const { ours } = result;
  return [
    [`0 errors`, ours.errors <= GOALS.errors, `${ours.errors}`],
    [`API p99 ≤ ${GOALS.apiP99Ms} ms`, ours.kinds.api.p99 <= GOALS.apiP99Ms, ms(ours.kinds.api.p99)],
    [`server peak RSS ≤ ${GOALS.rssMb} MB`, result.rssPeak / MB <= GOALS.rssMb, mb(result.rssPeak)],
  ] as const;
}

const windows = (result: ViewersResult) => result.apiP99ByWindow.map((p99) => p99.toFixed(0)).join(' / ');

function printCase(result: CaseResult): void {
  const { ours, reference } = result;
  console.log(`\n${result.label}:`);
  if (result.processing) {
    const { seconds, peakRss } = result.processing;
    console.log(`demo set made in ${seconds.toFixed(0)} s, server peak RSS meanwhile ${mb(peakRss)}`);
  }
  for (const [label, viewers] of [
    ['server', ours],
    ['bare', reference],
  ] as const) {
    console.log(
      `${label}: ${viewers.requests} requests (${viewers.requestsPerSecond.toFixed(0)}/s) in ${viewers.iterations} ` +
        `iterations, ${viewers.errors} errors, ${(viewers.bytes / MB).toFixed(0)} MB received`,
    );
    for (const [kind, figures] of Object.entries(viewers.kinds)) console.log(`  ${kindLine(kind, figures)}`);
    for (const sample of viewers.errorSamples) console.log(`  error: ${sample}`);
  }
  console.log(`API p99 in each ${WINDOW_SECONDS} s, ms: server ${windows(ours)}; bare ${windows(reference)}`);
  console.log(`server RSS: ${mb(result.rssBefore)} before the load, peak ${mb(result.rssPeak)}`);
  printRatio('API p99 vs bare node:http', ours.kinds.api.p99, reference.kinds.api.p99, 'ms');
  printRatio('thumbnail p99 vs bare node:http', ours.kinds.thumbnail.p99, reference.kinds.thumbnail.p99, 'ms');
  printRatio('requests/s vs bare node:http', ours.requestsPerSecond, reference.requestsPerSecond, 'req/s');
  for (const [goal, met, figure] of goalsOf(result)) {
    console.log(`goal ${goal}: ${met ? 'met' : 'not met'} (${figure})`);
  }
}

function caseTable(result: CaseResult): string {
  const { kinds } = result.ours;
  const bareKinds = result.reference.kinds;
  const { ours, reference } = result;
  return `| requests | count | errors | p50 | p95 | p99 | bare p99 |
|---|---|---|---|---|---|---|
${kindRow('HTML page', kinds.page, bareKinds.page)}
${kindRow('`/api/gallery`', kinds.api, bareKinds.api)}
${kindRow('thumbnail', kinds.thumbnail, bareKinds.thumbnail)}
${kindRow('original download', kinds.download, bareKinds.download)}

\`/api/gallery\` p99 in each ${WINDOW_SECONDS} s of the run, ms: ${windows(ours)} (bare: ${windows(reference)}).

Throughput ${ours.requestsPerSecond.toFixed(0)} requests/s, bare ${reference.requestsPerSecond.toFixed(0)} requests/s
(${((ours.requestsPerSecond / reference.requestsPerSecond) * 100).toFixed(1)} %); server RSS ${mb(result.rssBefore)} before the load, peak ${mb(result.rssPeak)}.

${goalsOf(result)
  .map(([goal, met, figure]) => `- **${goal}: ${met ? 'met' : 'not met'}** (${figure})`)
  .join('\n')}`;
}

function report(options: Options, cases: CaseResult[], loads: string): void {
  console.log(`${options.viewers} viewers for ${options.seconds} s; ${os.cpus().length} cores, load average ${loads}`);
  for (const result of cases) printCase(result);
  // A short smoke run must not replace the figures of the full one.
  if (options.seconds < 60) return;
  const [serving, processed] = cases;
  if (!serving || !processed?.processing) return;
  const productionEnvironment = Object.entries(PRODUCTION_ENV)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  writeBenchmarkSection(
    'load',
    `
\`npm run bench -- load [--duration s] [--viewers n]\` builds the web app into \`${WEB_DIST}\`, seeds ${serving.seeded.items}
ready main-gallery images (${Math.ceil(serving.seeded.items / GALLERY_PAGE_SIZE)} pages; the image pipeline's derivatives of one 6000×4000 demo
photo under every item, and ${serving.seeded.downloadable.length} of them with its ${(serving.seeded.originalBytes / MB).toFixed(1)} MB original) and
starts the built server as its own process, as \`npm start\` does (\`build/server.js\`, production mode, SQLite and disk,
\`${PRODUCTION_NODE_FLAGS.join(' ')}\`, \`${productionEnvironment}\`).
Every page is fetched once first, as the first visitors after a start would. Then \`bench/_viewers.ts\`, its own
process, runs ${options.viewers} viewers for ${options.seconds} s: each opens a public page as HTML (the home page one time in five,
else a random \`/gallery\` page), asks \`/api/gallery\` for it, fetches the page's thumbnails it has not seen
yet (they are immutable, so a browser keeps them) six at a time, downloads an original one time in twenty, and thinks
0.5–1.5 s. A request fails on a status other than 2xx or 304, a network error, or no answer within 30 s. It is a
closed loop, as people are: a slower server is sent less. The reference is a bare \`node:http\`
server sending the same bytes from memory under the same viewers, right after.

A second case does the same with a server that has made pictures: started on an empty site with the demo set on, it
makes the 14 demo pictures (up to 2400 px) and, with ffmpeg, the video through its own pipeline (${processed.processing.seconds.toFixed(0)} s here, peak RSS
${mb(processed.processing.peakRss)} meanwhile), then the same gallery is seeded beside them and the same viewers come.

Latest run: ${os.cpus().length} cores, load average ${loads} (other work shares the machine: its latencies are noisy, its memory much less so).

### serving only

${caseTable(serving)}

### after processing the demo set

${caseTable(processed)}
`,
  );
}
