import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  checkImageHeader,
  type DerivedFile,
  decodeLevels,
  encode,
  type ImageInput,
  levelsFrom,
  mapWithLimit,
  type RawLevel,
} from './image-pipeline';
import { type DerivedPath, hashFile, mp4Derivative } from './process-media';
import type { Derivative } from './types';
import { PROOF_SOURCE_WIDTH, WEBP } from './variants';
import { encodeWebMp4, h264, PREVIEW, type VideoTools } from './video';
import { blendOverlay, renderWatermark, renderWatermarkPng, type Watermark } from './watermark';

/** A watermark and its version, which every proof made with it records. */
export interface VersionedWatermark extends Watermark {
  version: string;
}

/** The widths proofs are made at: enough to choose from, never the print-quality sizes (at most 1600 px). */
export const PROOF_WIDTHS = [480, 960, PROOF_SOURCE_WIDTH] as const;

/** The proof widths for a source `sourceWidth` pixels wide: those not above it, or its own width when narrower. */
export function proofWidthsFor(sourceWidth: number): number[] {
  const fitting = PROOF_WIDTHS.filter((width) => width <= sourceWidth);
  return fitting.length > 0 ? fitting : [sourceWidth];
}

/** Whether `derivatives` hold proofs, all of watermark `version` (an item's proofs are always replaced together). */
export function hasProofsOf(derivatives: Derivative[], version: string): boolean {
  const proofs = derivatives.filter((item) => item.role === 'proof' || item.role === 'proof-preview');
  return proofs.length > 0 && proofs.every((item) => item.watermark === version);
}

/** Fastest to decode first, for pictures of equal width. */
const SOURCE_FORMATS: Derivative['format'][] = ['jpeg', 'png', 'webp'];

/**
 * What image proofs are made from: a clean picture (an image's, or a video's poster), never the original, whose
 * decode would cost more than all the proofs together. The narrowest one still as wide as the widest proof the item
 * gets (the 1600 px one rather than the 2400 px one: the same proofs from fewer pixels), JPEG before PNG before WebP.
 */
export function proofSource(derivatives: Derivative[]): Derivative | undefined {
  const pictures = derivatives.filter((item) => item.role === 'image' && SOURCE_FORMATS.includes(item.format));
  const widest = Math.max(0, ...pictures.map((item) => item.width));
  const needed = Math.max(...proofWidthsFor(widest));
  return pictures
    .filter((item) => item.width >= needed)
    .toSorted((a, b) => a.width - b.width || SOURCE_FORMATS.indexOf(a.format) - SOURCE_FORMATS.indexOf(b.format))[0];
}

/**
 * The watermarked WebP pictures of one image (`proof-<width>w-<hash>.webp`), widest first. One decode at the widest
 * proof width; the mark is laid over it once and the smaller proofs are resized from the marked picture, so it keeps
 * its place and proportions at every width for the price of one overlay. The widest encode, the longest step, starts
 * at once; the smaller pictures are resized and encoded beside it.
 */
export async function makeImageProofs(source: ImageInput, watermark: VersionedWatermark): Promise<DerivedFile[]> {
  const header = await checkImageHeader(source);
  const widths = proofWidthsFor(header.width);
  const [top] = await decodeLevels(source, header, [Math.max(...widths)]);
  const marked = blendOverlay(top, await overlayFor(watermark, top.width, top.height));
  // The gallery's WebP settings: at effort 0 the letters' sharp edges made the files 30–40 % larger.
  const [widest, smaller] = await Promise.all([
    encode(marked, WEBP),
    levelsFrom(marked, widths).then((levels) => mapWithLimit(levels.slice(1), 1, (level) => encode(level, WEBP))),
  ]);
  return [widest, ...smaller].map((file) => asProof(file, watermark.version));
}

/**
 * The last overlays drawn, by watermark version and size. Drawing the text is the dearest step of a proof, and the
 * photos of one shoot come in one or two sizes (landscape and portrait), so the worker mostly draws it once a shoot.
 * Two entries: at 1600 × 1067 each holds 6.8 MB.
 */
const overlays = new Map<string, Promise<RawLevel>>();
const OVERLAYS_KEPT = 2;

function overlayFor(watermark: VersionedWatermark, width: number, height: number): Promise<RawLevel> {
  const key = `${watermark.version}:${width}x${height}`;
  let overlay = overlays.get(key);
  if (!overlay) {
    overlay = renderWatermark(watermark, width, height);
    // A failed drawing is not kept; the next proof tries again.
    overlay.catch(() => overlays.delete(key));
  }
  overlays.delete(key);
  overlays.set(key, overlay);
  for (const oldest of overlays.keys()) if (overlays.size > OVERLAYS_KEPT) overlays.delete(oldest);
  return overlay;
}

function asProof(file: DerivedFile, version: string): DerivedFile {
  const { derivative } = file;
  return {
    data: file.data,
    derivative: { ...derivative, role: 'proof', file: `proof-${derivative.file}`, watermark: version },
  };
}

/**
 * The watermarked copy of a video's clean preview clip (`proof-preview-<hash>.mp4`): the mark is rendered as a PNG
 * at the clip's size and laid over every frame by ffmpeg, at the preview's own quality. `workDir` is a scratch
 * folder the caller removes.
 */
export async function makeVideoProof(
  tools: VideoTools,
  clip: { path: string; width: number; height: number },
  watermark: VersionedWatermark,
  workDir: string,
): Promise<DerivedPath> {
  const overlay = path.join(workDir, 'proof-overlay.png');
  await fsp.writeFile(overlay, await renderWatermarkPng(watermark, clip.width, clip.height));
  const output = path.join(workDir, 'proof-preview.mp4');
  const marked = ['-i', overlay, '-filter_complex', '[0:v][1:v]overlay=0:0', '-an', ...h264(PREVIEW.crf)];
  await encodeWebMp4(tools, clip.path, marked, output, 10 * 60_000);
  const name = `proof-preview-${await hashFile(output)}.mp4`;
  const proof = await mp4Derivative(output, 'proof-preview', name, clip.width, clip.height);
  return { path: proof.path, derivative: { ...proof.derivative, watermark: watermark.version } };
}
