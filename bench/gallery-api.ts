import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../server/db/database';
import { createMediaRepository } from '../server/repositories/media-repository';
import { makeReadyMedia } from '../server/test/support/media-factory';
import { writeBenchmarkSection } from './_doc-section';
import type { OpenLoopResult } from './_open-loop';
import { printRatio } from './_report';
import { startBenchServer } from './_server';

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}
/** autocannon's command line, run as its own process: in this process it would share the server's event loop. */
const AUTOCANNON = path.resolve(import.meta.dirname, '../node_modules/.bin/autocannon');
const OPEN_LOOP = path.resolve(import.meta.dirname, '_open-loop.ts');

const ROWS = 100_000;
const CONNECTIONS = 200;
const DURATION_S = 10;
/** The fixed offered rate of the open-loop measurement (requests per second), and how long it is held. */
const OPEN_RATE = 1000;
const OPEN_SECONDS = 10;

/** 100,000 ready main-gallery rows through the media repository (the same writes the pipeline makes). */
async function seed(dataDir: string, rows: number): Promise<void> {
  const database = await openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'app.db') });
  const media = createMediaRepository(database.db);
  const derivatives = (['avif', 'webp', 'jpeg'] as const).flatMap((format) =>
    [480, 960, 1600].map((width) => ({
      file: `${width}w-0123456789abcdef.${format === 'jpeg' ? 'jpg' : format}`,
      role: 'image' as const,
      format,
      contentType: `image/${format}`,
      width,
      height: Math.round((width * 2) / 3),
      size: 50_000,
    })),
  );
  for (let i = 0; i < rows; i++) {
    const id = randomBytes(16).toString('base64url');
    const video = i % 7 === 0;
    await makeReadyMedia(media, {
      id,
      name: `item-${i}.${video ? 'mp4' : 'jpg'}`,
      size: 1_000_000,
      md5Hash: id.slice(0, 32),
      isVideo: video,
      position: i,
      ready: { width: 2400, height: 1600, derivatives },
    });
  }
  await database.close();
}

async function load(url: string, seconds = DURATION_S): Promise<AutocannonResult> {
  const args = ['--json', '-c', String(CONNECTIONS), '-d', String(seconds), '-t', '30', url];
  // Asynchronous: the server under test runs in this process and must keep answering.
  const { stdout } = await promisify(execFile)(AUTOCANNON, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as AutocannonResult;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result;
}

const OVERLOADED_NOTE = `

**The machine was overloaded during this run (more runnable work than cores): even the bare server could not keep up
with the offered rate, so these figures say little about the code. Run the benchmark again on a quiet machine.**`;

/**
 * `OPEN_RATE` requests a second to `url` on a fixed timetable, from a process of its own (bench/_open-loop.ts). A
 * request that failed counts as the slowest of all, and the count of failures is shown, not hidden.
 */
async function openLoop(url: string): Promise<OpenLoopResult> {
  const args = ['--import', 'tsx', OPEN_LOOP, url, String(OPEN_RATE), String(OPEN_SECONDS), '1'];
  const { stdout } = await promisify(execFile)(process.execPath, args, { encoding: 'utf8' });
  return JSON.parse(stdout) as OpenLoopResult;
}

/**
 * `npm run bench -- gallery-api [rows]`: GET /api/gallery against 100,000 main-gallery rows on SQLite, autocannon
 * with 200 connections for 10 s each on page 1, page 10,000 and the images filter deep down, then page 1 at a fixed
 * offered rate (open loop); the references are GET /api/health on the same server and a bare node:http server
 * sending page 1's bytes, under the same loads.
 */
export async function run(args: string[]): Promise<void> {
  const rows = Number(args[0] ?? ROWS);
  const server = await startBenchServer({ LOG_LEVEL: 'error' });
  try {
    const seeded = performance.now();
    await seed(server.dataDir, rows);
    console.log(`seeded ${rows} rows in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const deepPage = Math.min(10_000, Math.floor(rows / 6));
    const urls: Record<string, string> = {
      health: `${server.url}/api/health`,
      first: `${server.url}/api/gallery?type=all&page=1`,
      deep: `${server.url}/api/gallery?type=all&page=${deepPage}`,
      deepImages: `${server.url}/api/gallery?type=images&page=${Math.floor(deepPage * 0.8)}`,
    };
    // One request each first: builds the page indexes the way the first visitor after a start would.
    for (const url of Object.values(urls)) await fetch(url).then((res) => res.arrayBuffer());
    // The ceiling of Node itself under this load: a bare node:http handler sending page 1's body from memory.
    const pageOne = Buffer.from(await (await fetch(`${server.url}/api/gallery?type=all&page=1`)).arrayBuffer());
    const bare = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': pageOne.length });
      response.end(pageOne);
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    urls.bare = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/api/gallery?type=all&page=1`;
    // Not measured: the first seconds under load run cold code and collect the garbage the seeding left behind.
    await load(urls.first ?? '', 5);
    const results: Record<string, AutocannonResult> = {};
    // Page 1 and the bare server one right after the other, so the machine's other load weighs on both alike.
    const order = ['first', 'bare', 'health', 'deep', 'deepImages'];
    for (const [name, url] of Object.entries(urls).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))) {
      results[name] = await load(url);
      const r = results[name];
      console.log(
        `${name.padEnd(10)} ${url.replace(server.url, '').replace(/^http:\/\/[^/]+/, '(bare node:http) ')}: ` +
          `${r.requests.average.toFixed(0)} req/s, ` +
          `latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`,
      );
    }
    const open = { first: await openLoop(urls.first ?? ''), bare: await openLoop(urls.bare) };
    for (const [name, r] of Object.entries(open)) {
      console.log(
        `open loop ${OPEN_RATE}/s ${name.padEnd(6)}: p50 ${r.p50.toFixed(2)} ms, p90 ${r.p90.toFixed(2)} ms, ` +
          `p99 ${r.p99.toFixed(2)} ms, max ${r.max.toFixed(1)} ms (generator at worst ${r.maxSendLagMs.toFixed(1)} ms late)`,
      );
    }
    bare.close();
    const {
      health,
      first,
      deep,
      deepImages,
      bare: ceiling,
    } = results as Record<'health' | 'first' | 'deep' | 'deepImages' | 'bare', AutocannonResult>;
    const share = printRatio(
      'req/s page 1 vs bare node:http',
      first.requests.average,
      ceiling.requests.average,
      'req/s',
    );
    printRatio('req/s page 1 vs /api/health', first.requests.average, health.requests.average, 'req/s');
    printRatio(`req/s page 1 vs page ${deepPage}`, first.requests.average, deep.requests.average, 'req/s');
    printRatio(`open-loop p99 page 1 vs bare node:http`, open.first.p99, open.bare.p99, 'ms');
    const throughputMet = share >= 0.5;
    const latencyMet = open.first.p99 <= 20;
    console.log(`goal page 1 ≥ 50 % of bare: ${throughputMet ? 'met' : 'not met'}`);
    console.log(`goal open-loop p99 ≤ 20 ms at ${OPEN_RATE}/s: ${latencyMet ? 'met' : 'not met'}`);
    const row = (label: string, r: AutocannonResult) =>
      `| ${label} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} ms | ${r.latency.p99} ms |`;
    const openRow = (label: string, r: OpenLoopResult) =>
      `| ${label} | ${r.p50.toFixed(2)} ms | ${r.p90.toFixed(2)} ms | ${r.p99.toFixed(2)} ms | ${r.max.toFixed(1)} ms | ${r.errors + r.non2xx} |`;
    // More runnable work than cores: every figure, the bare server's included, then measures the queue for the CPU.
    const overloaded = (os.loadavg()[0] ?? 0) > os.cpus().length;
    writeBenchmarkSection(
      'gallery-api',
      `
\`npm run bench -- gallery-api [rows]\` starts the real server on SQLite, writes ${rows.toLocaleString('en')} ready
main-gallery rows through the media repository, then measures \`GET /api/gallery\` in two ways, each beside a bare
\`node:http\` server sending page 1's exact bytes from memory (the ceiling of Node itself) in the same run:

- **Closed loop:** autocannon, ${CONNECTIONS} connections for ${DURATION_S} s per URL, as its own process.
- **Open loop:** \`bench/_open-loop.ts\`, its own process, sends ${OPEN_RATE} requests a second on a fixed
  timetable for ${OPEN_SECONDS} s (after 1 s of warm-up) and measures each latency from when the request was due, so
  a stall shows as the queue it causes instead of as fewer requests sent (coordinated omission).

Latest run: ${os.cpus().length} cores, load average ${(os.loadavg()[0] ?? 0).toFixed(1)} at the end (other work shares the
machine; the ratios are measured side by side, the absolute figures move with the load).${overloaded ? OVERLOADED_NOTE : ''}

The public pages are kept as the exact bytes sent, per (type, page), until the main gallery changes
(\`server/services/galleries/gallery-service.ts\`, \`server/cache/\`); the first request of each URL makes them.

| URL (closed loop) | req/s | p50 | p99 |
|---|---|---|---|
${row('`/api/health` (one trivial query)', health)}
${row('`/api/gallery?type=all&page=1`', first)}
${row(`\`/api/gallery?type=all&page=${deepPage}\``, deep)}
${row(`\`/api/gallery?type=images&page=${Math.floor(deepPage * 0.8)}\``, deepImages)}
${row("bare `node:http`, page 1's bytes", ceiling)}

| open loop, ${OPEN_RATE} requests/s | p50 | p90 | p99 | max | failed |
|---|---|---|---|---|---|
${openRow('`/api/gallery?type=all&page=1`', open.first)}
${openRow("bare `node:http`, page 1's bytes", open.bare)}

- **Page 1 at least 50 % of bare: ${throughputMet ? 'met' : 'not met'}** (${(share * 100).toFixed(1)} %;
  \`/api/health\` reaches ${((health.requests.average / ceiling.requests.average) * 100).toFixed(1)} %).
- **Open-loop p99 ≤ 20 ms at ${OPEN_RATE}/s: ${latencyMet ? 'met' : 'not met'}** (${open.first.p99.toFixed(2)} ms;
  the generator fell at worst ${open.first.maxSendLagMs.toFixed(1)} ms behind its timetable).
`,
    );
  } finally {
    await server.close();
  }
}
