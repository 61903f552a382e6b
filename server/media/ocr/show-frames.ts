import { sharp } from '../sharp';

/**
 * Made-up show frames for tests and the show-day benchmark: a start number on a pad, with distractors.
 * Placeholder until the real generator lands (it will add colours, fonts, tilts, blur and distractors).
 */
export interface ShowFrameOptions {
  /** The start number on the pad, or null for a frame without one (a distractor-only frame). */
  number: string | null;
  width: number;
  height: number;
  /** Chooses the pad's colour, font, tilt, blur and distractors, reproducibly. */
  seed: number;
}

/** A JPEG of a made-up show frame. */
export async function makeShowFrame(options: ShowFrameOptions): Promise<Buffer> {
  const { width, height, number } = options;
  const padWidth = Math.round(width * 0.16);
  const padHeight = Math.round(padWidth * 0.7);
  const x = Math.round(width * 0.4);
  const y = Math.round(height * 0.5);
  const text =
    number === null
      ? ''
      : `<rect x="${x}" y="${y}" width="${padWidth}" height="${padHeight}" fill="#fff"/><text x="${x + padWidth * 0.08}" y="${y + padHeight * 0.75}" font-size="${padHeight * 0.7}" font-family="DejaVu Sans" font-weight="bold" fill="#111">${number}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#6a8a4a"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}
