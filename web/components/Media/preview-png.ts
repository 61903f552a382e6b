import { rgbaToDataURL, thumbHashToRGBA } from 'thumbhash';

export interface Rgba {
  w: number;
  h: number;
  rgba: ArrayLike<number>;
}

/**
 * Halves a picture's width and height: each pixel of the result is the average of the (up to) four it covers. An odd
 * width or height keeps its last column or row, averaged over the pixels there are.
 */
export function halve({ w, h, rgba }: Rgba): { w: number; h: number; rgba: Uint8Array } {
  const halfW = Math.ceil(w / 2);
  const halfH = Math.ceil(h / 2);
  const out = new Uint8Array(halfW * halfH * 4);
  for (let y = 0; y < halfH; y++) {
    for (let x = 0; x < halfW; x++) {
      const columns = Math.min(2, w - 2 * x);
      const rows = Math.min(2, h - 2 * y);
      for (let channel = 0; channel < 4; channel++) {
        let sum = 0;
        for (let dy = 0; dy < rows; dy++) {
          for (let dx = 0; dx < columns; dx++) sum += rgba[((2 * y + dy) * w + 2 * x + dx) * 4 + channel] ?? 0;
        }
        out[(y * halfW + x) * 4 + channel] = Math.round(sum / (rows * columns));
      }
    }
  }
  return { w: halfW, h: halfH, rgba: out };
}

/**
 * A ThumbHash as a PNG data: URL, drawn at half the size its decoder gives (16 px on the long side instead of 32).
 * The decoder writes its PNG uncompressed, so at full size each preview was about 4 KB of the page's HTML: the four
 * of the home page's first view made it a third larger, one more round trip on a slow phone connection before the
 * page could show. A preview is stretched over its box and blurred by design, so half the pixels look the same.
 */
export function previewDataUrl(hash: Uint8Array): string {
  const small = halve(thumbHashToRGBA(hash));
  return rgbaToDataURL(small.w, small.h, small.rgba);
}
