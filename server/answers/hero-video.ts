import { heroPictureWidthOnPhone } from '../../shared/hero';
import type { Derivative } from '../media/types';
import type { MediaRecord } from '../repositories/media-repository';

/** The picture a browser takes from a srcset for `needed` device pixels: the narrowest that wide, else the widest. */
function pickedFrom(pictures: Derivative[], needed: number): Derivative | undefined {
  const byWidth = pictures.toSorted((a, b) => a.width - b.width);
  return byWidth.find((picture) => picture.width >= needed) ?? byWidth.at(-1);
}

/**
 * The hero picture the phone downloads (shared/hero.ts): in the first format of the `<picture>` it reads — AVIF,
 * else WebP, else the JPEG or PNG fallback — at the width the hero's `sizes` asks for there.
 */
export function heroPictureOnPhone(record: MediaRecord): Derivative | undefined {
  const needed = heroPictureWidthOnPhone(record.width ?? 1, record.height ?? 1);
  const images = record.derivatives.filter((item) => item.role === 'image');
  for (const formats of [['avif'], ['webp'], ['jpeg', 'png']]) {
    const pictures = images.filter((item) => formats.includes(item.format));
    if (pictures.length > 0) return pickedFrom(pictures, needed);
  }
  return undefined;
}

/**
 * What the hero plays over its picture: the video's short silent preview clip (480 px, a few seconds, made for the
 * gallery's tiles), and only when that clip is no larger in bytes than the picture the phone already downloads for
 * the hero. A larger clip would more than double the hero's cost on the phone for motion behind a headline, so the
 * hero then shows the picture alone. Never the original nor the playable copy: those are the lightbox's.
 */
export function heroClipOf(record: MediaRecord): Derivative | undefined {
  if (!record.isVideo) return undefined;
  const clip = record.derivatives.find((item) => item.role === 'preview');
  const picture = heroPictureOnPhone(record);
  if (!clip || !picture) return undefined;
  return clip.size <= picture.size ? clip : undefined;
}
