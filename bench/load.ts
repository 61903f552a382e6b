/**
 * `npm run bench -- load [--duration s] [--viewers n]`: gallery viewers (500 for 60 s by default) against one real
 * server process (the production build on the embedded defaults: SQLite, disk), beside a bare node:http server
 * answering the same bytes under the same load. Goals: 0 errors, p99 of /api/gallery ≤ 100 ms, the server's peak
 * RSS ≤ 300 MB.
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
import { freePort, startServerProcess, stopServerProcess } from '../server/test/support/server-process';
import { GALLERY_PAGE_SIZE } from '../shared/schemas/gallery';
import { writeBenchmarkSection } from './_doc-section';
import { seedMainGallery } from './_gallery-seed';
import { printRatio } from './_report';
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

/** Resident memory of process `pid` now (VmRSS: what the kernel really holds for it). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

/** Samples the RSS of `pid` every 250 ms until the returned function is called, which gives the peak. */
function samplePeakRss(pid: number): () => number {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 250);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssOf(pid));
  };
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
 * under the same file names for every item (bench/_gallery-seed.ts), so one of each stands for all.
 */
async function captureSite(url: string, pageCount: number, downloadId: string) {
  const exact = new Map<string, Captured>();
  const targets = ['/', '/gallery'];
  for (let page = 2; page <= pageCount; page++) targets.push(`/gallery?page=${page}`);
  for (let page = 1; page <= pageCount; page++) targets.push(`/api/gallery?type=all&page=${page}`);
  for (const target of targets) exact.set(target, await capture(`${url}${target}`));
  const first = (await (await fetch(`${url}/api/gallery?type=all&page=1`)).json()) as {
    items: Array<{ id: string; image: { srcset: Record<string, string> } }>;
  };
  const byFile = new Map<string, Captured>();
  const item = first.items[0];
  for (const srcset of Object.values(item?.image.srcset ?? {})) {
    for (const candidate of srcset.split(',')) {
      const pathname = new URL(candidate.trim().split(' ')[0] ?? '', url).pathname;
      byFile.set(path.basename(pathname), await capture(`${url}${pathname}`));
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

export async function run(args: string[]): Promise<void> {
  const options = parseOptions(args);
  const loadAtStart = loadAverage();
  // The client and the server renderer, as `npm run build` makes them: the public pages are server-rendered.
  execFileSync('npm', ['run', 'build', '--silent', '--', '--logLevel', 'error'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST },
  });
  const temp = makeTempDir('gallery-bench-load-');
  try {
    const port = await freePort();
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: temp.dir, AUTH_SECRET: 'x'.repeat(32) });
    const seedingStarted = performance.now();
    const seeded = await seedMainGallery(config, { items: ITEMS, downloadable: DOWNLOADABLE });
    console.log(`seeded ${ITEMS} items in ${((performance.now() - seedingStarted) / 1000).toFixed(1)} s`);
    const pageCount = Math.ceil(ITEMS / GALLERY_PAGE_SIZE);
    // As `npm start` runs it: the built server (`npm run build` made it above) with production's flags and
    // environment (server/test/support/production-runtime.ts), in production mode.
    const server = await startServerProcess(temp.dir, port, {
      built: true,
      env: { NODE_ENV: 'production', WEB_DIST, LOG_LEVEL: 'warn' },
    });
    const pid = server.child.pid ?? 0;
    try {
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
        report(options, { ours, reference, rssBefore, rssPeak, seeded, loads: `${loadAtStart} → ${loadAverage()}` });
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

function report(
  options: Options,
  run: {
    ours: ViewersResult;
    reference: ViewersResult;
    rssBefore: number;
    rssPeak: number;
    seeded: Awaited<ReturnType<typeof seedMainGallery>>;
    loads: string;
  },
): void {
  const { ours, reference } = run;
  console.log(
    `${options.viewers} viewers for ${options.seconds} s; ${os.cpus().length} cores, load average ${run.loads}`,
  );
  for (const [label, result] of [
    ['server', ours],
    ['bare', reference],
  ] as const) {
    console.log(
      `${label}: ${result.requests} requests (${result.requestsPerSecond.toFixed(0)}/s) in ${result.iterations} ` +
        `iterations, ${result.errors} errors, ${(result.bytes / MB).toFixed(0)} MB received`,
    );
    for (const [kind, figures] of Object.entries(result.kinds)) console.log(`  ${kindLine(kind, figures)}`);
    for (const sample of result.errorSamples) console.log(`  error: ${sample}`);
  }
  const windows = (result: ViewersResult) => result.apiP99ByWindow.map((p99) => p99.toFixed(0)).join(' / ');
  console.log(`API p99 in each ${WINDOW_SECONDS} s, ms: server ${windows(ours)}; bare ${windows(reference)}`);
  const peakMb = run.rssPeak / MB;
  console.log(`server RSS: ${(run.rssBefore / MB).toFixed(0)} MB before the load, peak ${peakMb.toFixed(0)} MB`);
  printRatio('API p99 vs bare node:http', ours.kinds.api.p99, reference.kinds.api.p99, 'ms');
  printRatio('thumbnail p99 vs bare node:http', ours.kinds.thumbnail.p99, reference.kinds.thumbnail.p99, 'ms');
  printRatio('requests/s vs bare node:http', ours.requestsPerSecond, reference.requestsPerSecond, 'req/s');
  const goals = [
    [`0 errors`, ours.errors <= GOALS.errors, `${ours.errors}`],
    [`API p99 ≤ ${GOALS.apiP99Ms} ms`, ours.kinds.api.p99 <= GOALS.apiP99Ms, ms(ours.kinds.api.p99)],
    [`server peak RSS ≤ ${GOALS.rssMb} MB`, peakMb <= GOALS.rssMb, `${peakMb.toFixed(0)} MB`],
  ] as const;
  for (const [goal, met, figure] of goals) console.log(`goal ${goal}: ${met ? 'met' : 'not met'} (${figure})`);
  // A short smoke run must not replace the figures of the full one.
  if (options.seconds < 60) return;
  const { kinds } = ours;
  const productionEnvironment = Object.entries(PRODUCTION_ENV)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  const bareKinds = reference.kinds;
  writeBenchmarkSection(
    'load',
    `
\`npm run bench -- load [--duration s] [--viewers n]\` builds the web app into \`${WEB_DIST}\`, seeds ${run.seeded.items}
ready main-gallery images (${Math.ceil(run.seeded.items / GALLERY_PAGE_SIZE)} pages; the image pipeline's derivatives of one 6000×4000 demo
photo under every item, and ${run.seeded.downloadable.length} of them with its ${(run.seeded.originalBytes / MB).toFixed(1)} MB original) and
starts the built server as its own process, as \`npm start\` does (\`build/server.js\`, production mode, SQLite and disk,
\`${PRODUCTION_NODE_FLAGS.join(' ')}\`, \`${productionEnvironment}\`).
Every page is fetched once first, as the first visitors after a start would. Then \`bench/_viewers.ts\`, its own
process, runs ${options.viewers} viewers for ${options.seconds} s: each opens a public page as HTML (the home page one time in five,
else a random \`/gallery\` page), asks \`/api/gallery\` for it, fetches the page's thumbnails it has not seen
yet (they are immutable, so a browser keeps them) six at a time, downloads an original one time in twenty, and thinks
0.5–1.5 s. A request fails on a status other than 2xx or 304, a network error, or no answer within 30 s. It is a
closed loop, as people are: a slower server is sent less. The reference is a bare \`node:http\`
server sending the same bytes from memory under the same viewers, right after.

Latest run: ${os.cpus().length} cores, load average ${run.loads} (other work shares the machine).

| requests | count | errors | p50 | p95 | p99 | bare p99 |
|---|---|---|---|---|---|---|
${kindRow('HTML page', kinds.page, bareKinds.page)}
${kindRow('`/api/gallery`', kinds.api, bareKinds.api)}
${kindRow('thumbnail', kinds.thumbnail, bareKinds.thumbnail)}
${kindRow('original download', kinds.download, bareKinds.download)}

\`/api/gallery\` p99 in each ${WINDOW_SECONDS} s of the run, ms: ${windows(ours)} (bare: ${windows(reference)}).

Throughput ${ours.requestsPerSecond.toFixed(0)} requests/s, bare ${reference.requestsPerSecond.toFixed(0)} requests/s
(${((ours.requestsPerSecond / reference.requestsPerSecond) * 100).toFixed(1)} %); server RSS ${(run.rssBefore / MB).toFixed(0)} MB before the load, peak ${peakMb.toFixed(0)} MB.

${goals.map(([goal, met, figure]) => `- **${goal}: ${met ? 'met' : 'not met'}** (${figure})`).join('\n')}
`,
  );
}
