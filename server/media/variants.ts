/**
 * The derivatives every image (and every video poster) gets, as data: each width in each format whose `maxWidth`
 * allows it. Widths are never upscaled: a smaller original gets the widths below its own plus its own width. One
 * decode feeds them all.
 */
export const VARIANT_WIDTHS = [480, 960, 1600, 2400] as const;

export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export interface FormatSettings {
  format: ImageFormat;
  contentType: string;
  extension: string;
  /** sharp encoder options. */
  options: Record<string, number | boolean | string>;
  /** Widest variant made in this format; wider ones exist only in the other formats. */
  maxWidth?: number;
}

/**
 * AVIF at effort 0, and only up to 1600 px. AVIF is the costliest encoder by far (docs/BENCHMARKS.md, ingest): at
 * 2400 px it took longer than the rest of the set together, and effort 2 doubles the time of effort 0 for about 5 %
 * smaller files. The 2400 px lightbox size is served as WebP (JPEG fallback); browsers pick from the srcset, which
 * simply lists no AVIF at 2400.
 */
export const AVIF: FormatSettings = {
  format: 'avif',
  contentType: 'image/avif',
  extension: 'avif',
  options: { quality: 50, effort: 0 },
  maxWidth: 1600,
};
/** WebP at effort 2: effort 3 took 2–3× as long for files about 6 % smaller. */
export const WEBP: FormatSettings = {
  format: 'webp',
  contentType: 'image/webp',
  extension: 'webp',
  options: { quality: 80, effort: 2 },
};
/**
 * Baseline JPEG: the fallback only browsers without WebP use; progressive encoding took four times as long here and
 * made no smaller a file.
 */
export const JPEG: FormatSettings = {
  format: 'jpeg',
  contentType: 'image/jpeg',
  extension: 'jpg',
  options: { quality: 82, progressive: false, mozjpeg: false },
};
/** The fallback for pictures with transparency (PNG, GIF, SVG…), where JPEG would paint the background black. */
export const PNG: FormatSettings = {
  format: 'png',
  contentType: 'image/png',
  extension: 'png',
  options: { compressionLevel: 6, adaptiveFiltering: false },
};

/** The formats made at `width`; the last one is the fallback for `<img src>` and exists at every width. */
export function formatsFor(hasAlpha: boolean, width: number): FormatSettings[] {
  return [AVIF, WEBP, hasAlpha ? PNG : JPEG].filter(
    (format) => format.maxWidth === undefined || width <= format.maxWidth,
  );
}

/** The widths to make for an image `sourceWidth` pixels wide. */
export function widthsFor(sourceWidth: number): number[] {
  const below = VARIANT_WIDTHS.filter((width) => width < sourceWidth);
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ?? sourceWidth;
  return sourceWidth <= largest ? [...below, sourceWidth] : below;
}

/**
 * The widest watermarked proof, and the width of the clean picture proofs are drawn from (server/media/proofs.ts): an
 * event photo's first derive makes only this picture, so it can be proofed and read before the rest of its set.
 */
export const PROOF_SOURCE_WIDTH = 1600;

/** The width whose fallback file the presenter uses as `<img src>`: the largest at or below this. */
export const DEFAULT_SRC_WIDTH = 960;

/** The ThumbHash is computed from a picture at most this many pixels on its longer side (the format's limit). */
export const THUMBHASH_SIZE = 100;

/** Refuse anything over 150 megapixels, before decoding a single pixel. */
export const MAX_PIXELS = 150_000_000;
