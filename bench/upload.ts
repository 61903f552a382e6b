import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { encodeLavfiClip } from '../server/media/demo-art';
import { makeTempDir } from '../server/test/harness';
import {
  adminHeaders,
  freePort,
  startServerProcess,
  stopServerProcess,
  storedOriginalPath,
} from '../server/test/support/server-process';
import { UPLOAD_PATH } from '../server/uploads/tus-uploads';
import { MAIN_GALLERY_FOLDER } from '../shared/folders';
import { printRatio } from './_report';

const MB = 1024 * 1024;
const ROUNDS = 3;

/** The server's resident memory, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/**
 * A valid MP4 of exactly `size` bytes: one second of video (moov first), then a `free` box of filler, which every
 * reader skips. The ingest sniffs it as a video, as it would a real competition clip.
 */
async function writeLargeMp4(file: string, size: number, scratch: string): Promise<void> {
  const clip = path.join(scratch, 'clip.mp4');
  await encodeLavfiClip('ffmpeg', 'testsrc2=size=320x240:rate=25:d=1', clip);
  const head = fs.readFileSync(clip);
  fs.rmSync(clip);
  const fillerSize = size - head.length;
  const box = Buffer.alloc(8);
  box.writeUInt32BE(fillerSize, 0);
  box.write('free', 4, 'ascii');
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, head);
    fs.writeSync(fd, box);
    const block = Buffer.alloc(8 * MB);
    for (let i = 0; i < block.length; i++) block[i] = (i * 2654435761) >>> 24;
    let left = fillerSize - 8;
    while (left > 0) {
      const n = Math.min(left, block.length);
      fs.writeSync(fd, block, 0, n);
      left -= n;
    }
    // On disk before anything is timed: otherwise its write-back runs during the measurements and skews them.
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * tus 1.0 by hand: creation (POST), then the whole file in one streamed PATCH, as a lean client would send it. The
 * measure is the server's upload path; tus-js-client in Node buffers each chunk and tops out well below the server.
 */
async function tusUpload(
  file: string,
  baseUrl: string,
  headers: Record<string, string>,
): Promise<{ name: string; transferSeconds: number }> {
  const size = fs.statSync(file).size;
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const created = await fetch(`${baseUrl}${UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `filename ${b64(path.basename(file))},filetype ${b64('video/mp4')},folder ${b64(MAIN_GALLERY_FOLDER)}`,
    },
  });
  if (created.status !== 201) throw new Error(`creation failed: ${created.status} ${await created.text()}`);
  const location = new URL(String(created.headers.get('location')), baseUrl);
  const started = performance.now();
  let lastByteSentAt = started;
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.request(location, {
      method: 'PATCH',
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(size),
      },
    });
    request.on('response', resolve);
    request.on('error', reject);
    const body = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
    body.on('end', () => {
      lastByteSentAt = performance.now();
    });
    body.pipe(request);
  });
  response.resume();
  if (response.statusCode !== 204) throw new Error(`the upload was refused: ${response.statusCode}`);
  return {
    name: decodeURIComponent(String(response.headers['x-media-name'] ?? '')),
    transferSeconds: (lastByteSentAt - started) / 1000,
  };
}

/**
 * The ceiling of Node itself: a bare node:http server in its own process that appends each request body to a file
 * in 8 MiB batches (no protocol, no checks, no fsync). Answers with the seconds it spent receiving.
 */
const BARE_RECEIVER = `
const http = require('node:http'), fs = require('node:fs');
http.createServer(async (req, res) => {
  const fd = fs.openSync(process.argv[1], 'w');
  let parts = [], n = 0;
  for await (const chunk of req) {
    parts.push(chunk); n += chunk.length;
    if (n >= 8 << 20) { fs.writevSync(fd, parts); parts = []; n = 0; }
  }
  if (parts.length) fs.writevSync(fd, parts);
  fs.closeSync(fd); fs.rmSync(process.argv[1]);
  res.end();
}).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;

async function bareUpload(file: string, target: string): Promise<number> {
  const child = spawn(process.execPath, ['-e', BARE_RECEIVER, target], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve) => child.stdout.once('data', (data) => resolve(Number(data))));
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'PUT',
        headers: { 'content-length': fs.statSync(file).size },
      });
      request.on('response', (response) => response.resume().on('end', resolve));
      request.on('error', reject);
      fs.createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(request);
    });
    return (performance.now() - started) / 1000;
  } finally {
    child.kill();
  }
}

/**
 * Seconds until no main-gallery item is processing any more. The next round waits for it: the job hashes the
 * 2 GiB original on this server, which would otherwise run during the next upload.
 */
async function processedWithin(baseUrl: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await fetch(`${baseUrl}/api/admin/folders/${MAIN_GALLERY_FOLDER}/media`, { headers });
    const { items } = (await res.json()) as { items: Array<{ status: string }> };
    if (!items.some((item) => item.status === 'processing')) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * `npm run bench -- upload [sizeMB]`: a 2 GB (by default) video sent by tus over loopback to the real server (a
 * separate process), from creation to the answer that the file is stored and queued, against `cp` of the same file
 * on the same disk. Prints the throughput ratio (goal ≥ 50 %) and the server's RSS growth (goal ≤ 100 MB).
 */
export async function run(args: string[]): Promise<void> {
  const size = Number(args[0] ?? 2048) * MB;
  const temp = makeTempDir('gallery-bench-upload-');
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    const source = path.join(temp.dir, 'competition.mp4');
    await writeLargeMp4(source, size, temp.dir);

    const dataDir = path.join(temp.dir, 'data');
    server = await startServerProcess(dataDir, await freePort());
    const pid = server.child.pid ?? 0;
    const headers = await adminHeaders(server.url);

    // The two sides alternate, each keeps its best of ROUNDS, so a burst of load elsewhere does not fall on one only.
    const cpRuns: number[] = [];
    const bareRuns: number[] = [];
    const tusRuns: Array<{ seconds: number; transferSeconds: number; growth: number }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      // cp first: it also brings the file into the page cache, so both read it from memory.
      const copy = path.join(temp.dir, 'copy.mp4');
      const copyStarted = performance.now();
      execFileSync('cp', [source, copy]);
      cpRuns.push((performance.now() - copyStarted) / 1000);
      fs.rmSync(copy);
      bareRuns.push(await bareUpload(source, path.join(temp.dir, 'bare.bin')));

      const baseline = rssOf(pid);
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssOf(pid));
      }, 50);
      const started = performance.now();
      const { name, transferSeconds } = await tusUpload(source, server.url, headers);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, rssOf(pid));
      const stored = storedOriginalPath(dataDir, MAIN_GALLERY_FOLDER, name);
      if (fs.statSync(stored).size !== size) throw new Error('the stored original does not have the source size');
      tusRuns.push({ seconds, transferSeconds, growth: (peak - baseline) / MB });
      const processing = await processedWithin(server.url, headers);
      console.log(
        `round ${round + 1}: tus ${seconds.toFixed(2)} s (bytes sent in ${transferSeconds.toFixed(2)} s, then stored ` +
          `and queued), cp ${cpRuns.at(-1)?.toFixed(2)} s, bare node:http ${bareRuns.at(-1)?.toFixed(2)} s, server RSS growth ${((peak - baseline) / MB).toFixed(0)} MiB; ` +
          `then processed (MD5, CRC-32, poster) in ${processing.toFixed(1)} s more`,
      );
    }

    const sizeMb = size / MB;
    const cpSeconds = Math.min(...cpRuns);
    const best = tusRuns.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    console.log(
      `file: ${sizeMb} MiB valid MP4; best of ${ROUNDS}: tus ${best.seconds.toFixed(2)} s (bytes sent in ` +
        `${best.transferSeconds.toFixed(2)} s), cp ${cpSeconds.toFixed(2)} s`,
    );
    const ratio = printRatio('upload throughput (MiB/s)', sizeMb / best.seconds, sizeMb / cpSeconds, 'MiB/s');
    printRatio('bare node:http receiver (MiB/s)', sizeMb / Math.min(...bareRuns), sizeMb / cpSeconds, 'MiB/s');
    const growth = Math.max(...tusRuns.map((run) => run.growth));
    console.log(`server RSS growth (worst round): ${growth.toFixed(0)} MiB`);
    console.log(
      `goals: throughput ≥ 50 % of cp: ${ratio >= 0.5 ? 'met' : 'NOT met'}; RSS growth ≤ 100 MiB: ${growth <= 100 ? 'met' : 'NOT met'}`,
    );
  } finally {
    if (server) await stopServerProcess(server.child);
    temp.remove();
  }
}
