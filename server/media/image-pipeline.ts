import { createHash } from 'node:crypto';
import type { Metadata, Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { MediaError } from './media-error';
import { sharp } from './sharp';
import type { Derivative } from './types';
import {
  type FormatSettings,
  formatsFor,
  type ImageFormat,
  MAX_PIXELS,
  PROOF_SOURCE_WIDTH,
  THUMBHASH_SIZE,
  widthsFor,
} from './variants';

/** A derivative and its bytes, before it is stored. */
export interface DerivedFile {
  derivative: Derivative;
  data: Buffer;
}

export interface DerivedImage {
  /** Displayed size (after orientation). */
  width: number;
  height: number;
  placeholder: string;
  files: DerivedFile[];
}

/** What the pipeline can decode: a file sharp reads, or pixels another decoder produced (HEIF, video frames). */
export type ImageInput =
  | { kind: 'file'; path: string }
  | { kind: 'svg'; data: Buffer }
  | { kind: 'raw'; data: Buffer; width: number; height: number; channels: 3 | 4 };

/** Decoded pixels at one width: what every encoder of the pipeline (derivatives and proofs) starts from. */
export interface RawLevel {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** Levels of one picture, widest first; never empty. */
export type RawLevels = [RawLevel, ...RawLevel[]];

/** The size we render an SVG's longer side at: vector art is drawn, not upscaled, to the largest variant. */
const SVG_RENDER_SIZE = 2400;

export interface Header {
  /** Displayed size (after orientation; for SVG, the size it is drawn at). */
  width: number;
  height: number;
  /** For SVG: the density (dpi) that draws it at that size. */
  density?: number;
}

/**
 * Refuses images above MAX_PIXELS from their header alone, so nothing is decoded or stored. Returns the displayed
 * size (width and height swapped for EXIF orientations 5–8; an SVG is drawn with its longer side at 2400 pixels).
 */
export async function checkImageHeader(input: ImageInput): Promise<Header> {
  if (input.kind === 'raw') return checkPixels(input.width, input.height);
  let meta: Metadata;
  try {
    meta = await sharp(input.kind === 'file' ? input.path : input.data, { limitInputPixels: false }).metadata();
  } catch {
    throw new MediaError('corrupt-file');
  }
  if (!meta.width || !meta.height) throw new MediaError('corrupt-file');
  if (input.kind === 'svg') {
    const scale = SVG_RENDER_SIZE / Math.max(meta.width, meta.height);
    return {
      width: Math.max(1, Math.round(meta.width * scale)),
      height: Math.max(1, Math.round(meta.height * scale)),
      density: (meta.density ?? 72) * scale,
    };
  }
  const swapped = (meta.orientation ?? 1) >= 5;
  return checkPixels(swapped ? meta.height : meta.width, swapped ? meta.width : meta.height);
}

function checkPixels(width: number, height: number): Header {
  if (width * height > MAX_PIXELS) throw new MediaError('too-many-pixels');
  return { width, height };
}

/** Encodes in flight at once; the longest (widest) start first, so the short ones fill the gaps. */
const ENCODE_PARALLELISM = 2;

/**
 * The whole image derivative set from one decode: auto-oriented, converted to sRGB, every metadata block dropped
 * (sharp writes none unless asked, so no EXIF and no GPS survive), each width of VARIANT_WIDTHS in the formats
 * formatsFor gives (AVIF only up to its maxWidth), plus a ThumbHash. The decode already shrinks to the largest width
 * (JPEG shrink-on-load), each smaller level is resized from the one above it (cheaper than from the original), and
 * the encodes then run in parallel from those raw levels.
 */
export async function deriveImage(
  input: ImageInput,
  options: { skip?: (width: number, format: ImageFormat) => boolean } = {},
): Promise<DerivedImage> {
  const header = await checkImageHeader(input);
  const levels = await decodeLevels(input, header, widthsFor(header.width));
  const [top] = levels;
  const hasAlpha = top.channels === 4;
  const jobs = levels
    .flatMap((level) => formatsFor(hasAlpha, level.width).map((format) => ({ level, format })))
    .filter((job) => !options.skip?.(job.level.width, job.format.format));
  const files = await mapWithLimit(jobs, ENCODE_PARALLELISM, (job) => encode(job.level, job.format));
  const smallest = levels[levels.length - 1] ?? top;
  return { width: header.width, height: header.height, placeholder: await thumbHashOf(smallest), files };
}

/**
 * What an event photo needs to be proofed, read and sold, before the rest of its set: the clean picture proofs are
 * drawn from (PROOF_SOURCE_WIDTH, or the image's own width when narrower: a width the whole set has too, in its
 * fallback format), the ThumbHash and the displayed size. One decode straight at that width: a JPEG shrinks on load,
 * so a 24 MP frame costs a fraction of the full set's 2400 px decode.
 */
export async function deriveSalePicture(input: ImageInput): Promise<DerivedImage> {
  const header = await checkImageHeader(input);
  const [level] = await decodeLevels(input, header, [Math.min(PROOF_SOURCE_WIDTH, header.width)]);
  const fallback = formatsFor(level.channels === 4, level.width).at(-1);
  if (!fallback) throw new Error('no format for the sale picture');
  const file = await encode(level, fallback);
  return { width: header.width, height: header.height, placeholder: await thumbHashOf(level), files: [file] };
}

/**
 * One decode at the largest of `widths` (never above the source), then each smaller width resized from the level
 * above it. Widest first; at least one level.
 */
export async function decodeLevels(input: ImageInput, header: Header, widths: number[]): Promise<RawLevels> {
  return levelsFrom(await decodeTop(input, header, Math.max(...widths)), widths);
}

/** `top`, then each of `widths` below its width, each resized from the level above it (cheaper than from the top). */
export async function levelsFrom(top: RawLevel, widths: number[]): Promise<RawLevels> {
  const levels: RawLevels = [top];
  for (const width of widths.toSorted((a, b) => b - a)) {
    const above = levels[levels.length - 1] ?? top;
    if (width < above.width) levels.push(await resizeRaw(above, width));
  }
  return levels;
}

/** Runs `task` over `items` with at most `limit` running at once; results keep the order of `items`. */
export async function mapWithLimit<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}

async function decodeTop(input: ImageInput, header: Header, topWidth: number): Promise<RawLevel> {
  let pipeline: Sharp;
  if (input.kind === 'raw') {
    pipeline = sharp(input.data, {
      raw: { width: input.width, height: input.height, channels: input.channels },
      limitInputPixels: MAX_PIXELS,
    });
  } else if (input.kind === 'svg') {
    // From a buffer, with no base path: librsvg then loads no external file or URL, and it never runs scripts.
    pipeline = sharp(input.data, { density: header.density, limitInputPixels: MAX_PIXELS });
  } else {
    pipeline = sharp(input.path, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' });
  }
  try {
    const meta = input.kind === 'raw' ? { hasAlpha: input.channels === 4 } : await pipeline.metadata();
    const withAlpha = Boolean(meta.hasAlpha) && (input.kind !== 'raw' || (await hasTransparency(input)));
    pipeline = pipeline.rotate().resize({ width: topWidth, withoutEnlargement: true });
    pipeline = pipeline.toColourspace('srgb');
    pipeline = withAlpha ? pipeline.ensureAlpha() : pipeline.removeAlpha();
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels === 4 ? 4 : 3 };
  } catch (error) {
    if (error instanceof MediaError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new MediaError('too-many-pixels');
    throw new MediaError('corrupt-file', `The file is damaged or incomplete and cannot be read.`);
  }
}

/** Decoders such as HEIF always hand out RGBA; an alpha channel that is opaque everywhere is dropped. */
async function hasTransparency(input: Extract<ImageInput, { kind: 'raw' }>): Promise<boolean> {
  if (input.channels !== 4) return false;
  const stats = await sharp(input.data, { raw: { width: input.width, height: input.height, channels: 4 } }).stats();
  return !stats.isOpaque;
}

async function resizeRaw(level: RawLevel, width: number): Promise<RawLevel> {
  const { data, info } = await sharp(level.data, {
    raw: { width: level.width, height: level.height, channels: level.channels },
  })
    .resize({ width })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: level.channels };
}

/** Encodes one level as an `image` derivative named `<width>w-<content hash>.<extension>`. */
export async function encode(level: RawLevel, format: FormatSettings): Promise<DerivedFile> {
  const data = await sharp(level.data, { raw: { width: level.width, height: level.height, channels: level.channels } })
    .toFormat(format.format, format.options)
    .toBuffer();
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 16);
  return {
    data,
    derivative: {
      file: `${level.width}w-${hash}.${format.extension}`,
      role: 'image',
      format: format.format,
      contentType: format.contentType,
      width: level.width,
      height: level.height,
      size: data.length,
    },
  };
}

async function thumbHashOf(level: RawLevel): Promise<string> {
  const { data, info } = await sharp(level.data, {
    raw: { width: level.width, height: level.height, channels: level.channels },
  })
    .resize(THUMBHASH_SIZE, THUMBHASH_SIZE, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}
