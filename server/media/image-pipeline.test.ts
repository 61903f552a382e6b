import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/harness';
import { deriveImage } from './image-pipeline';
import { MediaError } from './media-error';
import { inspectUpload, processMedia } from './process-media';

const fixtures = path.resolve(import.meta.dirname, '../test/fixtures/media');
const temp = makeTempDir('gallery-media-');
afterAll(() => temp.remove());
const silent = { warn: () => {} };

async function writeJpeg(name: string, width: number, height: number, extra?: (s: Sharp) => Sharp) {
  // Left half red, right half blue: orientation mistakes show as the colours landing in the wrong place.
  const half = Math.floor(width / 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${half}" height="${height}" fill="#f00"/><rect x="${half}" width="${width - half}" height="${height}" fill="#00f"/></svg>`;
  let image = sharp(Buffer.from(svg)).jpeg({ quality: 90 });
  if (extra) image = extra(image);
  const file = path.join(temp.dir, name);
  await image.toFile(file);
  return file;
}

async function pixel(data: Buffer, x: number, y: number) {
  const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return { r: raw[offset] ?? 0, g: raw[offset + 1] ?? 0, b: raw[offset + 2] ?? 0 };
}

describe('image derivatives', () => {
  it('makes every width below the original, plus the original width, in AVIF, WebP and JPEG, never upscaled', async () => {
    const file = await writeJpeg('wide.jpg', 1200, 800);
    const result = await deriveImage({ kind: 'file', path: file });
    expect(result).toMatchObject({ width: 1200, height: 800 });
    const summary = result.files.map((f) => `${f.derivative.width}x${f.derivative.height}.${f.derivative.format}`);
    expect(summary.sort()).toEqual(
      [
        '1200x800.avif',
        '1200x800.webp',
        '1200x800.jpeg',
        '960x640.avif',
        '960x640.webp',
        '960x640.jpeg',
        '480x320.avif',
        '480x320.webp',
        '480x320.jpeg',
      ].sort(),
    );
    for (const f of result.files) {
      const meta = await sharp(f.data).metadata();
      expect(meta.format).toBe(
        f.derivative.format === 'jpeg' ? 'jpeg' : f.derivative.format === 'avif' ? 'heif' : 'webp',
      );
      expect(meta.width).toBe(f.derivative.width);
      expect(f.derivative.size).toBe(f.data.length);
      expect(f.derivative.file).toMatch(/^\d+w-[0-9a-f]{16}\.(avif|webp|jpg)$/);
    }
    expect(Buffer.from(result.placeholder, 'base64').length).toBeGreaterThan(10);
  });

  it('makes AVIF only up to 1600 px: the widths above exist in WebP and JPEG', async () => {
    const file = await writeJpeg('wider.jpg', 2000, 1000);
    const result = await deriveImage({ kind: 'file', path: file });
    const byFormat = (format: string) =>
      result.files
        .filter((f) => f.derivative.format === format)
        .map((f) => f.derivative.width)
        .sort((a, b) => a - b);
    expect(byFormat('avif')).toEqual([480, 960, 1600]);
    expect(byFormat('webp')).toEqual([480, 960, 1600, 2000]);
    expect(byFormat('jpeg')).toEqual([480, 960, 1600, 2000]);
    const jpeg2000 = result.files.find((f) => f.derivative.format === 'jpeg' && f.derivative.width === 2000);
    expect((await sharp(jpeg2000?.data).metadata()).height).toBe(1000);
  });

  it('turns EXIF orientation 6 upright', async () => {
    // Stored 400×200 (red left, blue right); orientation 6 means "rotate 90° clockwise to display".
    const file = await writeJpeg('rotated.jpg', 400, 200, (s) => s.withMetadata({ orientation: 6 }));
    expect((await sharp(file).metadata()).orientation).toBe(6);
    const result = await deriveImage({ kind: 'file', path: file });
    expect(result).toMatchObject({ width: 200, height: 400 });
    const jpeg = result.files.find((f) => f.derivative.format === 'jpeg');
    if (!jpeg) throw new Error('no JPEG derivative');
    expect(jpeg.derivative).toMatchObject({ width: 200, height: 400 });
    // After a clockwise turn the left (red) half is on top.
    expect((await pixel(jpeg.data, 100, 50)).r).toBeGreaterThan(200);
    expect((await pixel(jpeg.data, 100, 350)).b).toBeGreaterThan(200);
    expect((await sharp(jpeg.data).metadata()).orientation ?? 1).toBe(1);
  });

  it('keeps no EXIF, GPS or ICC block in any derivative', async () => {
    const file = await writeJpeg('gps.jpg', 640, 480, (s) =>
      s.withExif({
        IFD0: { Make: 'TestCam', Model: 'GPS-1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 4/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '34/1 46/1 0/1' },
      }),
    );
    const original = await sharp(file).metadata();
    expect(original.exif?.toString('latin1')).toContain('GPS-1');
    const result = await deriveImage({ kind: 'file', path: file });
    expect(result.files.length).toBeGreaterThan(0);
    for (const f of result.files) {
      const meta = await sharp(f.data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(f.data.includes(Buffer.from('GPS-1'))).toBe(false);
      expect(f.data.includes(Buffer.from('TestCam'))).toBe(false);
    }
  });

  it('keeps transparency with a PNG fallback instead of JPEG', async () => {
    const file = path.join(temp.dir, 'alpha.png');
    await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toFile(file);
    const result = await deriveImage({ kind: 'file', path: file });
    expect(result.files.map((f) => f.derivative.format).sort()).toEqual(['avif', 'png', 'webp']);
    const png = result.files.find((f) => f.derivative.format === 'png');
    expect((await sharp(png?.data).metadata()).hasAlpha).toBe(true);
  });
});

describe('the malicious-file corpus', () => {
  const refused: Array<[string, string]> = [
    ['html-renamed.jpg', 'unsupported-type'],
    ['empty.jpg', 'empty-file'],
    ['declares-50000x50000.png', 'too-many-pixels'],
    ['entities.svg', 'unsafe-svg'],
  ];
  it.each(refused)('%s is refused before anything is stored (%s)', async (name, code) => {
    const error = await inspectUpload(path.join(fixtures, name)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).code).toBe(code);
    expect((error as MediaError).message.length).toBeGreaterThan(10);
  });

  it('a truncated JPEG passes the header check but fails decoding with corrupt-file', async () => {
    const file = path.join(fixtures, 'truncated.jpg');
    const sniffed = await inspectUpload(file);
    const error = await processMedia(file, sniffed, temp.dir, silent).catch((e: unknown) => e);
    expect((error as MediaError).code).toBe('corrupt-file');
  });

  it('a JPEG carrying an HTML page is accepted as JPEG and its derivatives carry none of it', async () => {
    const file = path.join(fixtures, 'polyglot-html.jpg');
    expect(fs.readFileSync(file).includes(Buffer.from('<script>'))).toBe(true);
    const sniffed = await inspectUpload(file);
    expect(sniffed.contentType).toBe('image/jpeg');
    const result = await processMedia(file, sniffed, temp.dir, silent);
    for (const f of result.files) {
      if (!('data' in f)) throw new Error('image derivatives are buffers');
      expect(f.data.includes(Buffer.from('<script>'))).toBe(false);
    }
  });

  it('an SVG with scripts and external references is rasterized without loading anything', async () => {
    const file = path.join(fixtures, 'script.svg');
    const sniffed = await inspectUpload(file);
    expect(sniffed).toMatchObject({ contentType: 'image/svg+xml', family: 'svg' });
    const result = await processMedia(file, sniffed, temp.dir, silent);
    // Drawn at 2400 px on its long side (vector art is drawn, not upscaled): 2400×1600 and smaller.
    expect(result).toMatchObject({ width: 2400, height: 1600 });
    const png = result.files.find((f) => f.derivative.format === 'png' && f.derivative.width === 480);
    if (!png || !('data' in png)) throw new Error('no PNG derivative');
    // The white background is all there is: neither external image was fetched or drawn.
    const stats = await sharp(png.data).stats();
    expect(stats.channels.slice(0, 3).every((c) => c.min === 255)).toBe(true);
  });

  it('an SVG cannot pull in a local file, by absolute URL or by relative path', async () => {
    const red = path.join(temp.dir, 'red.png');
    await sharp({ create: { width: 50, height: 50, channels: 3, background: '#f00' } })
      .png()
      .toFile(red);
    const svgFile = path.join(temp.dir, 'steal.svg');
    fs.writeFileSync(
      svgFile,
      `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="100" height="50" fill="#fff"/>
       <image x="0" width="50" height="50" href="file://${red}"/><image x="50" width="50" height="50" href="red.png"/></svg>`,
    );
    const result = await processMedia(svgFile, await inspectUpload(svgFile), temp.dir, silent);
    const png = result.files.find((f) => f.derivative.format === 'png');
    if (!png || !('data' in png)) throw new Error('no PNG derivative');
    const stats = await sharp(png.data).stats();
    expect(stats.channels.slice(0, 3).every((c) => c.min === 255)).toBe(true);
  });

  it('a file sharp can read but is not ours (TIFF) is refused', async () => {
    const file = path.join(temp.dir, 'scan.tiff');
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .tiff()
      .toFile(file);
    await expect(inspectUpload(file)).rejects.toMatchObject({ code: 'unsupported-type' });
  });
});

describe('HEIC', () => {
  it('decodes into the same derivative set', async () => {
    const file = path.join(fixtures, 'blue-96x64.heic');
    const sniffed = await inspectUpload(file);
    expect(sniffed).toMatchObject({ contentType: 'image/heic', family: 'heif' });
    const result = await processMedia(file, sniffed, temp.dir, silent);
    expect(result).toMatchObject({ width: 96, height: 64 });
    expect(result.files.map((f) => f.derivative.format).sort()).toEqual(['avif', 'jpeg', 'webp']);
    const jpeg = result.files.find((f) => f.derivative.format === 'jpeg');
    if (!jpeg || !('data' in jpeg)) throw new Error('no JPEG derivative');
    const colour = await pixel(jpeg.data, 48, 32);
    expect(colour.b).toBeGreaterThan(150);
    expect(colour.r).toBeLessThan(90);
  });
});
