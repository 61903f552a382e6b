import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { makeTempDir } from '../server/test/harness';
import {
  adminHeaders,
  freePort,
  startServerProcess,
  stopServerProcess,
  storedOriginalPath,
} from '../server/uploads/server-process';
import { UPLOAD_PATH } from '../server/uploads/tus-uploads';
import { printRatio } from './_report';

const MB = 1024 * 1024;

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
function writeLargeMp4(file: string, size: number, scratch: string): void {
  const clip = path.join(scratch, 'clip.mp4');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x240:rate=25',
    '-t',
    '1',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    clip,
  ]);
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
      'upload-metadata': `filename ${b64(path.basename(file))},filetype ${b64('video/mp4')},folder ${b64('MainGallery')}`,
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
    writeLargeMp4(source, size, temp.dir);

    // cp first: it also brings the file into the page cache, so both read it from memory.
    const copy = path.join(temp.dir, 'copy.mp4');
    let started = performance.now();
    execFileSync('cp', [source, copy]);
    const cpSeconds = (performance.now() - started) / 1000;
    fs.rmSync(copy);

    const dataDir = path.join(temp.dir, 'data');
    server = await startServerProcess(dataDir, await freePort());
    const pid = server.child.pid ?? 0;
    const headers = await adminHeaders(server.url);
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 50);
    started = performance.now();
    const { name, transferSeconds } = await tusUpload(source, server.url, headers);
    const tusSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    const stored = storedOriginalPath(dataDir, 'MainGallery', name);
    if (fs.statSync(stored).size !== size) throw new Error('the stored original does not have the source size');

    const sizeMb = size / MB;
    console.log(
      `file: ${sizeMb} MiB valid MP4; tus ${tusSeconds.toFixed(2)} s (bytes sent in ${transferSeconds.toFixed(2)} s, ` +
        `then stored and queued); cp ${cpSeconds.toFixed(2)} s`,
    );
    const ratio = printRatio('upload throughput (MiB/s)', sizeMb / tusSeconds, sizeMb / cpSeconds, 'MiB/s');
    const growth = (peak - baseline) / MB;
    console.log(
      `server RSS: ${(baseline / MB).toFixed(0)} MiB before, ${(peak / MB).toFixed(0)} MiB peak, growth ${growth.toFixed(0)} MiB`,
    );
    console.log(
      `goals: throughput ≥ 50 % of cp: ${ratio >= 0.5 ? 'met' : 'NOT met'}; RSS growth ≤ 100 MiB: ${growth <= 100 ? 'met' : 'NOT met'}`,
    );
  } finally {
    if (server) await stopServerProcess(server.child);
    temp.remove();
  }
}
