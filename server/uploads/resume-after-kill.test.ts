import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DetailedError, type HttpResponse, Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolAvailable } from '../../e2e/support/required-tool';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import { detectVideoTools } from '../media/video';
import { makeTempDir } from '../test/harness';
import {
  adminHeaders,
  freePort,
  startServerProcess,
  stopServerProcess,
  storedOriginalPath,
} from '../test/support/server-process';
import { UPLOAD_PATH } from './tus-uploads';

const hasFfmpeg = toolAvailable('ffmpeg', (await detectVideoTools()) !== null);
const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** Sends `bytes` from `uploadUrl` (or a new upload) until it succeeds or fails; `onProgress` may kill the server. */
function send(
  bytes: Buffer,
  endpoint: string,
  headers: Record<string, string>,
  options: { uploadUrl?: string; onProgress?: (sent: number, upload: Upload) => void },
): Promise<{ upload: Upload; response?: HttpResponse; error?: Error }> {
  return new Promise((resolve) => {
    const upload: Upload = new Upload(bytes, {
      endpoint,
      uploadUrl: options.uploadUrl ?? null,
      headers,
      chunkSize: 256 * 1024,
      retryDelays: null,
      metadata: { filename: 'noise field.jpg', filetype: 'image/jpeg', folder: MAIN_GALLERY_FOLDER },
      onProgress: (sent) => options.onProgress?.(sent, upload),
      onSuccess: ({ lastResponse }) => resolve({ upload, response: lastResponse }),
      onError: (error) => resolve({ upload, error }),
    });
    upload.start();
  });
}

// Skipped only where ffmpeg is not installed: the uploaded test file is a real MP4 made by ffmpeg. CI installs it.
describe.skipIf(!hasFfmpeg)('a server killed with SIGKILL in the middle of an upload', () => {
  const temp = makeTempDir('gallery-kill-');
  const dataDir = path.join(temp.dir, 'data');
  const source = path.join(temp.dir, 'noise.jpg');
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;

  beforeAll(() => {
    // A few megabytes of noise: a real JPEG that does not compress, so the upload takes many chunks.
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'nullsrc=s=1600x1600,geq=random(1)*255:random(1)*255:random(1)*255',
      '-frames:v',
      '1',
      '-q:v',
      '2',
      source,
    ]);
  });
  afterAll(async () => {
    if (server) await stopServerProcess(server.child);
    temp.remove();
  });

  it('loses nothing: after a restart the upload resumes from the stored offset and the original is byte-identical', async () => {
    const bytes = fs.readFileSync(source);
    const port = await freePort();
    server = await startServerProcess(dataDir, port);
    const endpoint = `${server.url}${UPLOAD_PATH}`;
    let headers = await adminHeaders(server.url);

    const killAt = Math.floor(bytes.length / 3);
    const victim = server.child;
    const first = await send(bytes, endpoint, headers, {
      onProgress: (sent) => {
        if (sent >= killAt && victim.exitCode === null && victim.signalCode === null) victim.kill('SIGKILL');
      },
    });
    expect(first.error).toBeInstanceOf(DetailedError);
    const uploadUrl = first.upload.url;
    expect(uploadUrl).toMatch(/\/api\/uploads\/[0-9a-f]+$/);
    await stopServerProcess(victim, 'SIGKILL');

    server = await startServerProcess(dataDir, port);
    headers = await adminHeaders(server.url);
    const head = await fetch(String(uploadUrl), { method: 'HEAD', headers: { ...headers, 'tus-resumable': '1.0.0' } });
    const storedOffset = Number(head.headers.get('upload-offset'));
    // Something arrived before the kill and was kept; the rest had not.
    expect(storedOffset).toBeGreaterThan(0);
    expect(storedOffset).toBeLessThan(bytes.length);

    let firstResumedOffset = -1;
    const resumed = await send(bytes, endpoint, headers, {
      uploadUrl: String(uploadUrl),
      onProgress: (sent) => {
        if (firstResumedOffset < 0) firstResumedOffset = sent;
      },
    });
    expect(resumed.error).toBeUndefined();
    expect(firstResumedOffset).toBeGreaterThanOrEqual(storedOffset);
    const name = decodeURIComponent(String(resumed.response?.getHeader('x-media-name')));
    expect(name).toBe('noise_field.jpg');
    expect(sha256(storedOriginalPath(dataDir, MAIN_GALLERY_FOLDER, name))).toBe(sha256(source));
    // Two real server processes start here; a busy machine needs more than the default 5 s.
  }, 120_000);
});
