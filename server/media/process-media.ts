import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { decodeHeif } from './heif';
import { checkImageHeader, type DerivedFile, deriveImage, deriveSalePicture, type ImageInput } from './image-pipeline';
import { MediaError } from './media-error';
import { type SniffedType, sniffMediaType } from './sniff';
import { type Derivative, isProof } from './types';
import {
  detectVideoTools,
  extractPoster,
  makePlayableMp4,
  makePreviewClip,
  needsPlayableCopy,
  probeVideo,
} from './video';

/** A derivative that is a file on disk (a video copy can be gigabytes; it is never held in memory). */
export interface DerivedPath {
  derivative: Derivative;
  path: string;
}

export interface ProcessedMedia {
  width: number;
  height: number;
  duration: number | null;
  placeholder: string | null;
  files: Array<DerivedFile | DerivedPath>;
  /** False when only part of the set was asked for (`sale`) and more remains to be made (`rest`). */
  complete: boolean;
}

/**
 * Which derivatives to make: `all` of them (every upload but an event photo's); the `sale` picture first
 * (deriveSalePicture); or the `rest`, every image derivative the item does not list yet. A video is always made
 * whole: its proofs need its preview clip.
 */
export type DeriveStage = { kind: 'all' } | { kind: 'sale' } | { kind: 'rest'; have: Derivative[] };

/**
 * Whether an item has had only its `sale` stage: its one clean derivative is the sale picture. A whole set always has
 * several (AVIF and WebP beside the fallback at every width, or a video's poster set and clip).
 */
export function hasOnlyTheSalePicture(derivatives: Derivative[]): boolean {
  const clean = derivatives.filter((item) => !isProof(item));
  return clean.length === 1 && clean[0]?.role === 'image';
}

/** Whether `derivatives` list an image of `width` in `format` (what the `rest` stage need not make again). */
function lists(derivatives: Derivative[], width: number, format: string): boolean {
  return derivatives.some((item) => item.role === 'image' && item.width === width && item.format === format);
}

const MAX_SVG_BYTES = 10 * 1024 * 1024;

/**
 * The checks an upload must pass before anything is stored: not empty, one of our types by its bytes, an image no
 * larger than 150 megapixels by its header, an SVG without entity declarations. Throws MediaError otherwise.
 * Cheap: no pixel is decoded.
 */
export async function inspectUpload(localPath: string): Promise<SniffedType> {
  const stat = await fsp.stat(localPath);
  if (stat.size === 0) throw new MediaError('empty-file');
  const sniffed = await sniffMediaType(localPath);
  if (!sniffed) throw new MediaError('unsupported-type');
  if (sniffed.family === 'raster' || sniffed.family === 'heif') {
    await checkImageHeader({ kind: 'file', path: localPath });
  } else if (sniffed.family === 'svg') {
    await readSafeSvg(localPath, stat.size);
  }
  return sniffed;
}

/** SVG text, refused when large or when it declares entities (expansion bombs, external entities). */
async function readSafeSvg(localPath: string, size: number): Promise<Buffer> {
  if (size > MAX_SVG_BYTES) throw new MediaError('unsafe-svg', 'This SVG is too large (at most 10 MB).');
  const data = await fsp.readFile(localPath);
  if (/<!ENTITY/i.test(data.toString('utf8'))) throw new MediaError('unsafe-svg');
  return data;
}

let warnedNoFfmpeg = false;

/**
 * Turns an original (already on local disk) into its derivatives. `workDir` is an empty temporary folder the caller
 * removes afterwards. Throws MediaError for a file that will never work; other errors are worth a retry.
 */
export async function processMedia(
  localPath: string,
  sniffed: SniffedType,
  workDir: string,
  log: { warn: (message: string) => void },
  stage: DeriveStage = { kind: 'all' },
): Promise<ProcessedMedia> {
  if (sniffed.family === 'video') return processVideo(localPath, sniffed, workDir, log);
  const input: ImageInput =
    sniffed.family === 'heif'
      ? await decodeHeif(localPath)
      : sniffed.family === 'svg'
        ? { kind: 'svg', data: await readSafeSvg(localPath, (await fsp.stat(localPath)).size) }
        : { kind: 'file', path: localPath };
  const image =
    stage.kind === 'sale'
      ? await deriveSalePicture(input)
      : await deriveImage(input, {
          skip: stage.kind === 'rest' ? (width, format) => lists(stage.have, width, format) : undefined,
        });
  return {
    width: image.width,
    height: image.height,
    duration: null,
    placeholder: image.placeholder,
    files: image.files,
    complete: stage.kind !== 'sale',
  };
}

async function processVideo(
  localPath: string,
  sniffed: SniffedType,
  workDir: string,
  log: { warn: (message: string) => void },
): Promise<ProcessedMedia> {
  const tools = await detectVideoTools();
  if (!tools) {
    if (!warnedNoFfmpeg) {
      warnedNoFfmpeg = true;
      log.warn('ffmpeg/ffprobe not found: videos are kept as uploaded and shown with a generic poster');
    }
    const poster = await deriveImage({ kind: 'svg', data: Buffer.from(GENERIC_POSTER_SVG) });
    return {
      width: 1280,
      height: 720,
      duration: null,
      placeholder: poster.placeholder,
      files: poster.files,
      complete: true,
    };
  }
  const probe = await probeVideo(tools, localPath);
  const posterPath = await extractPoster(tools, localPath, probe, workDir);
  const poster = await deriveImage({ kind: 'file', path: posterPath });
  const files: Array<DerivedFile | DerivedPath> = [...poster.files];
  if (needsPlayableCopy(sniffed.contentType, probe)) {
    const mp4 = await makePlayableMp4(tools, localPath, probe, workDir);
    files.push(await mp4Derivative(mp4, 'video', `video-${await hashFile(mp4)}.mp4`, probe.width, probe.height));
  }
  const preview = await makePreviewClip(tools, localPath, workDir);
  // Its size as ffmpeg made it (scaled and rounded to even), read back rather than worked out again.
  const previewProbe = await probeVideo(tools, preview);
  const previewName = `preview-${await hashFile(preview)}.mp4`;
  files.push(await mp4Derivative(preview, 'preview', previewName, previewProbe.width, previewProbe.height));
  const { width, height, duration } = probe;
  return { width, height, duration, placeholder: poster.placeholder, files, complete: true };
}

/** The derivative record of an MP4 the pipeline wrote (its size read from the disk). */
export async function mp4Derivative(
  file: string,
  role: 'video' | 'preview' | 'proof-preview',
  name: string,
  width: number,
  height: number,
): Promise<DerivedPath> {
  const { size } = await fsp.stat(file);
  return { path: file, derivative: { file: name, role, format: 'mp4', contentType: 'video/mp4', width, height, size } };
}

/** The 16 hex digits of SHA-256 that name a content-addressed derivative, read as a stream. */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex').slice(0, 16);
}

/** A calm 16:9 frame with a play mark, for videos when ffmpeg is not installed. */
const GENERIC_POSTER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b2420"/><stop offset="1" stop-color="#4a3426"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>
<circle cx="640" cy="360" r="84" fill="none" stroke="#f2e6d8" stroke-width="8" opacity="0.85"/>
<path d="M612 310 L612 410 L700 360 Z" fill="#f2e6d8" opacity="0.85"/>
</svg>`;
