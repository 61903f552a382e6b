import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openDatabase } from '../server/db/database';
import { MAIN_GALLERY } from '../server/media/types';
import { createMediaRepository } from '../server/repositories/media-repository';
import { printRatio } from './_report';
import { startBenchServer } from './_server';

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const ROWS = 100_000;
const CONNECTIONS = 200;
const DURATION_S = 10;
const PARKED_JOB = { type: 'bench-parked', payload: {}, runAfter: new Date('2999-01-01T00:00:00Z') };

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
    const name = `item-${i}.${video ? 'mp4' : 'jpg'}`;
    await media.insertWithJob(
      {
        id,
        folder: MAIN_GALLERY,
        name,
        fullPath: `${MAIN_GALLERY}/${name}`,
        extension: video ? 'mp4' : 'jpg',
        contentType: video ? 'video/mp4' : 'image/jpeg',
        size: 1_000_000,
        md5Hash: id.slice(0, 32),
        isVideo: video,
        isDemo: false,
        position: i,
      },
      PARKED_JOB,
    );
    await media.markReady(id, { width: 2400, height: 1600, duration: null, placeholder: null, derivatives });
  }
  await database.close();
}

async function load(url: string): Promise<AutocannonResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, timeout: 30 });
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
    const urls = {
      health: `${server.url}/api/health`,
      first: `${server.url}/api/gallery?type=all&page=1`,
      deep: `${server.url}/api/gallery?type=all&page=${deepPage}`,
      deepImages: `${server.url}/api/gallery?type=images&page=${Math.floor(deepPage * 0.8)}`,
    };
    // One request each first: builds the page indexes the way the first visitor after a start would.
    for (const url of Object.values(urls)) await fetch(url).then((res) => res.arrayBuffer());
    const results: Record<string, AutocannonResult> = {};
    for (const [name, url] of Object.entries(urls)) {
      results[name] = await load(url);
      const r = results[name];
      console.log(
        `${name.padEnd(10)} ${url.replace(server.url, '')}: ${r.requests.average.toFixed(0)} req/s, ` +
          `latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`,
      );
    }
    const { health, first, deep } = results as Record<'health' | 'first' | 'deep', AutocannonResult>;
    printRatio(`p99 page ${deepPage} vs page 1`, deep.latency.p99, first.latency.p99, 'ms');
    printRatio(`req/s page 1 vs page ${deepPage}`, first.requests.average, deep.requests.average, 'req/s');
    printRatio('p99 page 1 vs /api/health', first.latency.p99, health.latency.p99, 'ms');
    printRatio('req/s page 1 vs /api/health', first.requests.average, health.requests.average, 'req/s');
  } finally {
    await server.close();
  }
}
