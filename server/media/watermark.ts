import type { WATERMARK_LAYOUTS } from '../../shared/schemas/proofing';
import {
  logoBox,
  logoPositions,
  logoShadow,
  textMarks as textMarkLayout,
  WATERMARK_FONT_FAMILIES,
  WATERMARK_OPACITY,
} from '../../shared/watermark-layout';
import { escapeHtml } from '../html';
import type { RawLevel } from './image-pipeline';
import { sharp } from './sharp';

/** What a proof carries: the text (the site's name by default) or the photographer's PNG logo, tiled or centred. */
export interface Watermark {
  text: string;
  layout: (typeof WATERMARK_LAYOUTS)[number];
  /** A PNG checked by logoProblem; when present it is drawn instead of the text. */
  logo: Buffer | null;
}

/**
 * Changes whenever the look below does, so the version of every watermark (server/services/media/watermark-store.ts)
 * changes with it and proofs are made again.
 */
export const WATERMARK_STYLE = 1;

/** The same list for Pango, which measures the text (it lays out the SVG text too). */
const PANGO_FONT = 'DejaVu Sans,Noto Sans,Noto Sans Hebrew,Noto Sans Arabic,Liberation Sans,sans-serif Bold';
export const LOGO_LIMITS = { bytes: 2 * 1024 * 1024, side: 4000 } as const;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Why a logo is refused (a message for the photographer), or null for a PNG within the limits. */
export async function logoProblem(data: Buffer): Promise<string | null> {
  if (data.length > LOGO_LIMITS.bytes) return 'The logo is too large (at most 2 MB).';
  // The signature first: sharp would happily read a JPEG or an SVG handed in under the PNG type.
  if (!data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'The logo must be a PNG image.';
  try {
    const meta = await sharp(data, { limitInputPixels: LOGO_LIMITS.side ** 2 }).metadata();
    if (meta.format !== 'png' || !meta.width || !meta.height) return 'The logo must be a PNG image.';
    if (meta.width > LOGO_LIMITS.side || meta.height > LOGO_LIMITS.side) {
      return 'The logo is too large (at most 4000 × 4000 pixels).';
    }
    // A header can lie about the rest of the file: decode it once, as every proof will.
    await sharp(data, { failOn: 'truncated' }).stats();
  } catch {
    return 'The logo is damaged and cannot be read.';
  }
  return null;
}

/** The watermark as RGBA pixels of exactly `width`×`height`, to lay over a picture of that size. */
export async function renderWatermark(mark: Watermark, width: number, height: number): Promise<RawLevel> {
  const svg = await watermarkSvg(mark, width, height);
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 4 };
}

/** The watermark as a PNG of exactly `width`×`height` (ffmpeg lays it over a clip). */
export async function renderWatermarkPng(mark: Watermark, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(await watermarkSvg(mark, width, height)))
    .png({ compressionLevel: 3 })
    .toBuffer();
}

/** The picture with the watermark drawn over it, same size and channels. */
export async function applyWatermark(level: RawLevel, mark: Watermark): Promise<RawLevel> {
  return blendOverlay(level, await renderWatermark(mark, level.width, level.height));
}

/**
 * Lays an RGBA overlay of the same size over a picture ("over" compositing), skipping the pixels it leaves clear.
 * Done here rather than by sharp's composite, which converts the whole picture to premultiplied floating point
 * and took three to five times as long for a mark that covers a fifth of the picture.
 */
export function blendOverlay(level: RawLevel, overlay: RawLevel): RawLevel {
  if (overlay.width !== level.width || overlay.height !== level.height || overlay.channels !== 4) {
    throw new Error('the overlay must be RGBA at the size of the picture');
  }
  const { channels } = level;
  const source = level.data;
  const mark = overlay.data;
  const data = Buffer.from(source);
  for (let pixel = 0, end = level.width * level.height; pixel < end; pixel++) {
    const alpha = mark[pixel * 4 + 3] as number;
    if (alpha === 0) continue;
    const keep = 255 - alpha;
    const at = pixel * channels;
    for (let c = 0; c < 3; c++) {
      data[at + c] = ((source[at + c] as number) * keep + (mark[pixel * 4 + c] as number) * alpha + 127) / 255;
    }
    if (channels === 4) data[at + 3] = alpha + ((source[at + 3] as number) * keep + 127) / 255;
  }
  return { data, width: level.width, height: level.height, channels };
}

async function watermarkSvg(mark: Watermark, width: number, height: number): Promise<string> {
  const body = mark.logo ? await logoMarks(mark, width, height) : await textMarks(mark, width, height);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/**
 * Text for SVG content: characters XML forbids even as references (C0 controls, lone surrogates, U+FFFE/U+FFFF)
 * dropped, so no name can break the document, then the five markup characters escaped.
 */
export function svgText(text: string): string {
  const allowed = [...text].filter((char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
    return !(code >= 0xd800 && code <= 0xdfff) && code !== 0xfffe && code !== 0xffff;
  });
  return escapeHtml(allowed.join(''));
}

/** Width of the text at font size 1 (in em), by Pango with the fonts the SVG uses; a few texts are remembered. */
const emWidths = new Map<string, number>();
async function emWidthOf(text: string): Promise<number> {
  const known = emWidths.get(text);
  if (known !== undefined) return known;
  const size = 100;
  // Raw pixels: encoding the measured text as PNG took ten times as long as drawing it.
  const { info } = await sharp({ text: { text: svgText(text), font: `${PANGO_FONT} ${size}`, dpi: 72 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const em = Math.max(0.5, info.width / size);
  if (emWidths.size >= 32) emWidths.clear();
  emWidths.set(text, em);
  return em;
}

async function textMarks(mark: Watermark, width: number, height: number): Promise<string> {
  const { fontSize, strokeWidth, positions, angle } = textMarkLayout(
    mark.layout,
    await emWidthOf(mark.text),
    width,
    height,
  );
  const glyph = `<text id="m" text-anchor="middle" dominant-baseline="central" font-family="${WATERMARK_FONT_FAMILIES}" font-weight="bold" font-size="${fontSize.toFixed(1)}" fill="#fff" stroke="#000" stroke-width="${strokeWidth.toFixed(2)}" stroke-linejoin="round" paint-order="stroke">${svgText(mark.text)}</text>`;
  const turn = angle === 0 ? '' : ` transform="rotate(${angle} ${width / 2} ${height / 2})"`;
  return `<defs>${glyph}</defs><g opacity="${WATERMARK_OPACITY}"${turn}>${uses(positions)}</g>`;
}

async function logoMarks(mark: Watermark, width: number, height: number): Promise<string> {
  const box = logoBox(mark.layout, width, height);
  const stamp = await logoStamp(mark.logo as Buffer, box.width, box.height);
  const image = `<image id="m" x="${-stamp.width / 2}" y="${-stamp.height / 2}" width="${stamp.width}" height="${stamp.height}" href="data:image/png;base64,${stamp.data.toString('base64')}"/>`;
  const positions = logoPositions(mark.layout, width, height, stamp.width, stamp.height);
  return `<defs>${image}</defs><g opacity="${WATERMARK_OPACITY}">${uses(positions)}</g>`;
}

/**
 * The logo scaled to fit the box, with a soft dark edge so a light logo still shows on a light photo, as one small
 * PNG. Drawn once here: an SVG filter on every tile would be drawn again for each (seconds for a tiled proof).
 */
async function logoStamp(logo: Buffer, boxWidth: number, boxHeight: number) {
  const { data, info } = await sharp(logo)
    .resize(boxWidth, boxHeight, { fit: 'inside' })
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  const { blur, pad } = logoShadow(info.width);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${info.width + 2 * pad}" height="${info.height + 2 * pad}"><filter id="s"><feDropShadow dx="0" dy="0" stdDeviation="${blur.toFixed(1)}" flood-color="#000" flood-opacity="0.8"/></filter><image x="${pad}" y="${pad}" width="${info.width}" height="${info.height}" href="data:image/png;base64,${data.toString('base64')}" filter="url(#s)"/></svg>`;
  const stamp = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  return { data: stamp.data, width: stamp.info.width, height: stamp.info.height };
}

function uses(positions: Array<[number, number]>): string {
  return positions.map(([x, y]) => `<use href="#m" x="${x.toFixed(1)}" y="${y.toFixed(1)}"/>`).join('');
}
