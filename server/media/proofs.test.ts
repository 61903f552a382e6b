import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { toolAvailable } from '../../e2e/support/required-tool';
import { makeTempDir } from '../test/harness';
import { encodeLavfiClip } from './demo-art';
import { type DerivedFile, deriveImage, type RawLevel } from './image-pipeline';
import { inspectUpload, processMedia } from './process-media';
import { makeImageProofs, makeVideoProof, proofSource, proofWidthsFor, type VersionedWatermark } from './proofs';
import type { Derivative } from './types';
import { detectVideoTools, extractPoster, probeVideo } from './video';
import { renderWatermark } from './watermark';

const temp = makeTempDir('gallery-proofs-');
afterAll(() => temp.remove());

const TILED: VersionedWatermark = { text: 'Horses & Dance', layout: 'tiled', logo: null, version: 'v-tiled' };
const CENTERED: VersionedWatermark = { ...TILED, layout: 'centered', version: 'v-centred' };

async function uniformJpeg(name: string, width: number, height: number, background: string): Promise<string> {
  const file = path.join(temp.dir, name);
  await sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 90 })
    .toFile(file);
  return file;
}

/** A photo-like gradient between two close shades: all light, or all dark. */
async function gradientJpeg(name: string, from: string, to: string): Promise<string> {
  const file = path.join(temp.dir, name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="2400" height="1600" fill="url(#g)"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toFile(file);
  return file;
}

async function pixels(data: Buffer | string): Promise<RawLevel> {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: raw, width: info.width, height: info.height, channels: 3 };
}

/** Mean absolute difference per channel value over the pixels `inside` selects. */
function meanAbsDiff(a: RawLevel, b: RawLevel, inside: (pixel: number) => boolean): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let sum = 0;
  let count = 0;
  for (let pixel = 0; pixel < a.width * a.height; pixel++) {
    if (!inside(pixel)) continue;
    for (let c = 0; c < 3; c++) sum += Math.abs((a.data[pixel * 3 + c] ?? 0) - (b.data[pixel * 3 + c] ?? 0));
    count += 3;
  }
  return count === 0 ? 0 : sum / count;
}

/** The clean set of an image, and the source a proof job would read: its widest clean picture, as a file. */
async function cleanSetAndSource(file: string): Promise<{ clean: DerivedFile[]; source: string }> {
  const clean = (await deriveImage({ kind: 'file', path: file })).files;
  const widest = proofSource(clean.map((item) => item.derivative));
  const bytes = clean.find((item) => item.derivative === widest)?.data;
  if (!widest || !bytes) throw new Error('no clean picture');
  const source = path.join(temp.dir, `source-${path.basename(file)}-${widest.file}`);
  fs.writeFileSync(source, bytes);
  return { clean, source };
}

describe('image proofs', () => {
  it('marks every proof of a uniform grey photo: none of them is uniform', async () => {
    const grey = await uniformJpeg('grey.jpg', 3000, 2000, '#808080');
    const proofs = await makeImageProofs({ kind: 'file', path: grey }, TILED);
    expect(proofs.map((proof) => proof.derivative.width)).toEqual([1600, 960, 480]);
    for (const proof of proofs) {
      expect(proof.derivative).toMatchObject({
        role: 'proof',
        format: 'webp',
        contentType: 'image/webp',
        watermark: 'v-tiled',
        size: proof.data.length,
      });
      expect(proof.derivative.file).toMatch(new RegExp(`^proof-${proof.derivative.width}w-[0-9a-f]{16}\\.webp$`));
      const stats = await sharp(proof.data).stats();
      for (const channel of stats.channels.slice(0, 3)) {
        expect(channel.stdev).toBeGreaterThan(5);
        expect(channel.max - channel.min).toBeGreaterThan(60);
      }
    }
  });

  it('never makes a proof wider than 1600 px, and never enlarges a narrow source', async () => {
    const huge = await uniformJpeg('huge.jpg', 6000, 4000, '#406080');
    const proofs = await makeImageProofs({ kind: 'file', path: huge }, TILED);
    expect(proofs.map((proof) => proof.derivative.width)).toEqual([1600, 960, 480]);
    for (const proof of proofs) {
      const meta = await sharp(proof.data).metadata();
      expect(meta.width).toBeLessThanOrEqual(1600);
      expect(meta.width).toBe(proof.derivative.width);
      expect(meta.height).toBe(proof.derivative.height);
    }
    expect(proofWidthsFor(6000)).toEqual([480, 960, 1600]);
    expect(proofWidthsFor(1200)).toEqual([480, 960]);
    expect(proofWidthsFor(300)).toEqual([300]);
    const narrow = await uniformJpeg('narrow.jpg', 300, 200, '#406080');
    const small = await makeImageProofs({ kind: 'file', path: narrow }, TILED);
    expect(small.map((proof) => [proof.derivative.width, proof.derivative.height])).toEqual([[300, 200]]);
  });

  it('makes proofs from the narrowest clean picture as wide as the widest proof, never from a video or a proof', () => {
    const picture = (width: number, format: Derivative['format'], role: Derivative['role'] = 'image'): Derivative => ({
      file: `${role}-${width}.${format}`,
      role,
      format,
      contentType: `image/${format}`,
      width,
      height: width,
      size: 1,
    });
    const set = [2400, 1600, 960, 480].flatMap((width) => [picture(width, 'avif'), picture(width, 'webp')]);
    expect(proofSource([...set, picture(1600, 'jpeg'), picture(2400, 'jpeg')])?.file).toBe('image-1600.jpeg');
    expect(proofSource(set)?.file).toBe('image-1600.webp');
    // 1200 px wide: proofs at 480 and 960.
    expect(proofSource([picture(1200, 'png'), picture(960, 'png'), picture(480, 'png')])?.file).toBe('image-960.png');
    expect(proofSource([picture(300, 'jpeg'), picture(300, 'avif')])?.file).toBe('image-300.jpeg');
    expect(proofSource([picture(480, 'avif'), picture(1600, 'webp', 'proof'), picture(480, 'mp4', 'preview')])).toBe(
      undefined,
    );
  });

  it.each([
    ['light', '#f4efe6', '#ffffff'],
    ['dark', '#000000', '#1c1a18'],
  ])(
    'differs visibly from the clean picture of the same width where the mark is, on a %s photo',
    async (tone, from, to) => {
      const photo = await gradientJpeg(`${tone}.jpg`, from, to);
      const { clean, source } = await cleanSetAndSource(photo);
      const cleanWebp = clean.find((item) => item.derivative.format === 'webp' && item.derivative.width === 1600);
      if (!cleanWebp) throw new Error('no clean 1600 px WebP');
      const cleanPixels = await pixels(cleanWebp.data);
      for (const mark of [CENTERED, TILED]) {
        const proof = (await makeImageProofs({ kind: 'file', path: source }, mark)).find(
          (item) => item.derivative.width === 1600,
        );
        if (!proof) throw new Error('no 1600 px proof');
        const proofPixels = await pixels(proof.data);
        // The mark's region: where its overlay, drawn at this size, is at least half as opaque as it gets.
        const overlay = await renderWatermark(mark, cleanPixels.width, cleanPixels.height);
        const inMark = (pixel: number) => (overlay.data[pixel * 4 + 3] ?? 0) >= 50;
        expect(meanAbsDiff(proofPixels, cleanPixels, inMark), `${mark.layout} mark`).toBeGreaterThan(30);
        // Elsewhere the photo is untouched (both are WebP at the same quality).
        const away = (pixel: number) => (overlay.data[pixel * 4 + 3] ?? 0) === 0;
        expect(meanAbsDiff(proofPixels, cleanPixels, away), `${mark.layout} around`).toBeLessThan(3);
      }
    },
  );
});

const tools = await detectVideoTools();
toolAvailable('ffmpeg', tools !== null);

// Skipped only where ffmpeg is not installed (videos then have no preview clip to mark); CI installs it.
describe.skipIf(!tools)('video proofs', () => {
  it('lays the mark over the clean preview clip: a frame of the proof differs from the same frame of the preview', async () => {
    if (!tools) throw new Error('unreachable');
    const clip = path.join(temp.dir, 'clip.mp4');
    await encodeLavfiClip(tools.ffmpeg, 'testsrc=duration=2:size=640x360:rate=25', clip);
    const workDir = fs.mkdtempSync(path.join(temp.dir, 'video-'));
    const processed = await processMedia(clip, await inspectUpload(clip), workDir, { warn: () => {} });
    const preview = processed.files.find((file) => file.derivative.role === 'preview');
    if (!preview || !('path' in preview)) throw new Error('no preview clip');

    const proofDir = fs.mkdtempSync(path.join(temp.dir, 'proof-'));
    const { width, height } = preview.derivative;
    const proof = await makeVideoProof(tools, { path: preview.path, width, height }, TILED, proofDir);
    expect(proof.derivative).toMatchObject({
      role: 'proof-preview',
      format: 'mp4',
      contentType: 'video/mp4',
      width,
      height,
      watermark: 'v-tiled',
      size: fs.statSync(proof.path).size,
    });
    expect(proof.derivative.file).toMatch(/^proof-preview-[0-9a-f]{16}\.mp4$/);
    const probe = await probeVideo(tools, proof.path);
    expect(probe).toMatchObject({ width, height, videoCodec: 'h264', audioCodec: null });

    const frameOf = async (file: string) => {
      const dir = fs.mkdtempSync(path.join(temp.dir, 'frame-'));
      return pixels(await extractPoster(tools, file, await probeVideo(tools, file), dir));
    };
    const [cleanFrame, proofFrame] = [await frameOf(preview.path), await frameOf(proof.path)];
    const overlay = await renderWatermark(TILED, width, height);
    const inMark = (pixel: number) => (overlay.data[pixel * 4 + 3] ?? 0) >= 50;
    expect(meanAbsDiff(proofFrame, cleanFrame, inMark)).toBeGreaterThan(30);
  });
});
