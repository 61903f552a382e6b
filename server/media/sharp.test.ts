import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/harness';
import { freePort, startServerProcess, stopServerProcess } from '../test/support/server-process';
import { sharp } from './sharp';

/** Whether libvips, sharp's native library, is mapped into the memory of process `pid`. */
const hasLibvips = (pid: number) => fs.readFileSync(`/proc/${pid}/maps`, 'utf8').includes('libvips');

describe('sharp on the server', () => {
  const temp = makeTempDir('gallery-sharp-lazy-');
  afterAll(() => temp.remove());

  it('is not loaded by a server that only serves the gallery', async () => {
    const server = await startServerProcess(temp.dir, await freePort());
    try {
      // What serving asks of it, without the web build (the pages need one, which a run of the unit tests may not have).
      for (const path of ['/api/gallery?type=all&page=1', '/api/site', '/api/health', '/robots.txt', '/sitemap.xml']) {
        expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
      }
      expect(hasLibvips(server.child.pid ?? 0)).toBe(false);
    } finally {
      await stopServerProcess(server.child);
    }
  });

  it('is seen once loaded (the check above can fail)', async () => {
    const child = spawn(process.execPath, [
      '-e',
      "require('sharp'); process.stdout.write('ready'); setInterval(() => {}, 1000)",
    ]);
    try {
      await new Promise((resolve) => child.stdout.once('data', resolve));
      expect(hasLibvips(child.pid ?? 0)).toBe(true);
    } finally {
      child.kill();
    }
  });

  it('makes pictures once asked, with its settings made first', async () => {
    const png = await sharp({ create: { width: 4, height: 2, channels: 3, background: '#804020' } })
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).width).toBe(4);
  });
});
