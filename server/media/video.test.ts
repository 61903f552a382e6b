import { execFileSync } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolAvailable } from '../../e2e/support/required-tool';
import { makeTempDir } from '../test/harness';
import { inspectUpload, processMedia } from './process-media';
import { detectVideoTools, probeVideo } from './video';

const temp = makeTempDir('gallery-video-');
afterAll(() => temp.remove());
const silent = { warn: () => {} };
const hasFfmpeg = toolAvailable('ffmpeg', (await detectVideoTools()) !== null);

/** A short test clip made by ffmpeg itself (lavfi sources), so no video file is committed. */
function makeClip(name: string, codecArgs: string[], seconds = 1, size = '320x240') {
  const file = path.join(temp.dir, name);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=${size}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    ...codecArgs,
    '-shortest',
    file,
  ]);
  return file;
}

// Skipped only where ffmpeg is not installed (the pipeline then keeps videos with a generic poster); CI installs it.
describe.skipIf(!hasFfmpeg)('video', () => {
  let mp4: string;
  beforeAll(() => {
    mp4 = makeClip('clip.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac']);
  });

  it('reads duration and size, and makes a poster with its image derivatives; an H.264 MP4 is served as it is', async () => {
    const sniffed = await inspectUpload(mp4);
    expect(sniffed).toMatchObject({ contentType: 'video/mp4', isVideo: true });
    const result = await processMedia(mp4, sniffed, temp.dir, silent);
    expect(result.width).toBe(320);
    expect(result.height).toBe(240);
    expect(result.duration).toBeGreaterThan(0.9);
    expect(result.duration).toBeLessThan(1.2);
    expect(result.placeholder).toBeTruthy();
    // An H.264 MP4 needs no playable copy: the poster's pictures and the tile's preview clip only.
    expect(result.files.filter((f) => f.derivative.role !== 'image').map((f) => f.derivative.role)).toEqual([
      'preview',
    ]);
    const poster = result.files.find((f) => f.derivative.format === 'jpeg');
    if (!poster || !('data' in poster)) throw new Error('no poster JPEG');
    expect(await sharp(poster.data).metadata()).toMatchObject({ width: 320, height: 240 });
  });

  it('makes the tile a short, silent, small H.264 preview, scaled down only', async () => {
    const wide = makeClip(
      'wide.mp4',
      ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      6,
      '1280x720',
    );
    const result = await processMedia(wide, await inspectUpload(wide), temp.dir, silent);
    const preview = result.files.find((f) => f.derivative.role === 'preview');
    if (!preview || !('path' in preview)) throw new Error('no preview clip');
    expect(preview.derivative).toMatchObject({ format: 'mp4', contentType: 'video/mp4', width: 480, height: 270 });
    expect(preview.derivative.file).toMatch(/^preview-[0-9a-f]{16}\.mp4$/);
    const tools = await detectVideoTools();
    if (!tools) throw new Error('unreachable');
    const probe = await probeVideo(tools, preview.path);
    expect(probe).toMatchObject({ width: 480, height: 270, videoCodec: 'h264', audioCodec: null });
    expect(probe.duration).toBeLessThanOrEqual(4.1);
    expect(preview.derivative.size).toBeLessThan((await import('node:fs')).statSync(wide).size);

    // A clip narrower than the preview keeps its size.
    const small = await processMedia(mp4, await inspectUpload(mp4), temp.dir, silent);
    expect(small.files.find((f) => f.derivative.role === 'preview')?.derivative).toMatchObject({
      width: 320,
      height: 240,
    });
  });

  it('gives an MKV a browser-playable H.264/AAC MP4 with the index at the front', async () => {
    const mkv = makeClip('clip.mkv', ['-c:v', 'mpeg4', '-c:a', 'libopus']);
    const sniffed = await inspectUpload(mkv);
    expect(sniffed.contentType).toBe('video/x-matroska');
    const result = await processMedia(mkv, sniffed, temp.dir, silent);
    const copy = result.files.find((f) => f.derivative.role === 'video');
    if (!copy || !('path' in copy)) throw new Error('no playable copy');
    expect(copy.derivative).toMatchObject({ format: 'mp4', contentType: 'video/mp4', width: 320, height: 240 });
    expect(copy.derivative.file).toMatch(/^video-[0-9a-f]{16}\.mp4$/);
    const tools = await detectVideoTools();
    if (!tools) throw new Error('unreachable');
    const probe = await probeVideo(tools, copy.path);
    expect(probe).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac' });
    // faststart: the 'moov' box comes before 'mdat'.
    const head = (await import('node:fs'))
      .readFileSync(copy.path)
      .subarray(0, 64 * 1024)
      .toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'));
  });

  it('shows a portrait phone video upright (rotation metadata)', async () => {
    const rotated = path.join(temp.dir, 'rotated.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', mp4, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', rotated]);
    const result = await processMedia(rotated, await inspectUpload(rotated), temp.dir, silent);
    expect(result).toMatchObject({ width: 240, height: 320 });
  });
});
