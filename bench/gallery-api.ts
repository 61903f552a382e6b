import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../server/db/database';
import { createMediaRepository } from '../server/repositories/media-repository';
import { makeReadyMedia } from '../server/test/support/media-factory';
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

const ROWS = 100_000;
const CONNECTIONS = 200;
const DURATION_S = 10;

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

async function load(url: string): Promise<AutocannonResult> {
  const args = ['--json', '-c', String(CONNECTIONS), '-d', String(DURATION_S), '-t', '30', url];
  // Asynchronous: the server under test runs in this process and must keep answering.
  const { stdout } = await promisify(execFile)(AUTOCANNON, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as AutocannonResult;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result;
}

/**
 * `npm run bench -- gallery-api [rows]`: GET /api/gallery against 100,000 main-gallery rows on SQLite, autocannon
 * with 200 connections for 10 s each on page 1, page 10,000 and the images filter deep down; the reference is
 * GET /api/health (one trivial query) under the same load on the same server.
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
    const results: Record<string, AutocannonResult> = {};
    for (const [name, url] of Object.entries(urls)) {
      results[name] = await load(url);
      const r = results[name];
      console.log(
        `${name.padEnd(10)} ${url.replace(server.url, '').replace(/^http:\/\/[^/]+/, '(bare node:http) ')}: ` +
          `${r.requests.average.toFixed(0)} req/s, ` +
          `latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`,
      );
    }
    bare.close();
    const {
      health,
      first,
      deep,
      bare: ceiling,
    } = results as Record<'health' | 'first' | 'deep' | 'bare', AutocannonResult>;
    console.log(
      `goal p99 ≤ 10 ms: ours ${first.latency.p99} ms; a bare node:http server with the same body: ` +
        `${ceiling.latency.p99} ms (${ceiling.requests.average.toFixed(0)} req/s)`,
    );
    printRatio(`p99 page ${deepPage} vs page 1`, deep.latency.p99, first.latency.p99, 'ms');
    printRatio(`req/s page 1 vs page ${deepPage}`, first.requests.average, deep.requests.average, 'req/s');
    printRatio('p99 page 1 vs /api/health', first.latency.p99, health.latency.p99, 'ms');
    printRatio('req/s page 1 vs /api/health', first.requests.average, health.requests.average, 'req/s');
  } finally {
    await server.close();
  }
}
