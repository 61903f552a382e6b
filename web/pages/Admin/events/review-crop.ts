import type { NumberCrop } from '../../../../shared/schemas/number-review';

/** Room around the number in its zoomed crop, as a share of the number's own size on each side. */
const MARGIN = 0.35;

/**
 * How to show only the number's part of a photo: the crop widened by a margin and kept inside the photo, as the
 * crop box's aspect ratio and the photo's size and shift inside it (fractions of the photo's own size, so any
 * rendition of the photo fits). Left and top are the photo's own: the crop box is laid out left to right.
 */
export function cropStyle(crop: NumberCrop, photo: { width: number; height: number }) {
  const x = Math.max(0, crop.x - crop.width * MARGIN);
  const y = Math.max(0, crop.y - crop.height * MARGIN);
  const width = Math.min(1, crop.x + crop.width * (1 + MARGIN)) - x;
  const height = Math.min(1, crop.y + crop.height * (1 + MARGIN)) - y;
  return {
    box: { aspectRatio: `${(width * photo.width).toFixed(2)} / ${(height * photo.height).toFixed(2)}` },
    picture: {
      inlineSize: `${(100 / width).toFixed(3)}%`,
      transform: `translate(${(-x * 100).toFixed(3)}%, ${(-y * 100).toFixed(3)}%)`,
    },
    /** The width the picture is drawn at, for the browser to pick a rendition sharp enough (`sizes`). */
    zoom: 1 / width,
  };
}
