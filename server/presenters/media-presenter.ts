import type { MediaView } from '../../shared/schemas/media';
import type { Derivative } from '../media/types';
import { DEFAULT_SRC_WIDTH } from '../media/variants';
import type { MediaRecord } from '../repositories/media-repository';
import type { MediaUrls } from '../services/media/media-urls';

/** What every view of an item says of it, whichever files it links to. */
function described(record: MediaRecord): Pick<MediaView, 'id' | 'kind' | 'name' | 'width' | 'height' | 'placeholder'> {
  return {
    id: record.id,
    kind: record.isVideo ? 'video' : 'image',
    name: record.name,
    width: record.width ?? 1,
    height: record.height ?? 1,
    placeholder: record.placeholder,
  };
}

/** The widest picture at or below the grid's `<img src>` width, else the narrowest (pictures sorted by width). */
function srcOf(pictures: Derivative[]): Derivative | undefined {
  return pictures.filter((item) => item.width <= DEFAULT_SRC_WIDTH).at(-1) ?? pictures[0];
}

function srcset(items: Derivative[], link: (file: string) => string): string {
  return items
    .toSorted((a, b) => a.width - b.width)
    .map((item) => `${link(item.file)} ${item.width}w`)
    .join(', ');
}

export interface PresentOptions {
  /** Signed URLs, for private items. */
  signed: boolean;
  /** Only the watermarked proofs, under proof-only signatures: what the client of a proofing gallery gets. */
  proof?: boolean;
}

/**
 * A ready media row as the grid, lightbox and home page see it. Main-gallery items get plain URLs; private ones get
 * signed URLs (`signed: true`), valid for up to an hour. Storage paths and database fields never leave.
 */
export function presentMedia(record: MediaRecord, urls: MediaUrls, options: PresentOptions): MediaView {
  if (options.proof) return presentProof(record, urls);
  const link = urls.linker(record.id, options);
  const images = record.derivatives.filter((item) => item.role === 'image');
  const avif = images.filter((item) => item.format === 'avif');
  const webp = images.filter((item) => item.format === 'webp');
  // The fallback is JPEG, or PNG for pictures with transparency.
  const fallback = images
    .filter((item) => item.format === 'jpeg' || item.format === 'png')
    .toSorted((a, b) => a.width - b.width);
  const src = srcOf(fallback);
  const playable = record.derivatives.find((item) => item.role === 'video');
  const preview = record.derivatives.find((item) => item.role === 'preview');
  return {
    ...described(record),
    image: {
      src: src ? link(src.file) : '',
      srcset: { avif: srcset(avif, link), webp: srcset(webp, link), jpeg: srcset(fallback, link) },
    },
    video: record.isVideo
      ? {
          ...(playable
            ? { src: link(playable.file), type: playable.contentType }
            : { src: link('original'), type: record.contentType }),
          preview: preview ? link(preview.file) : null,
        }
      : null,
    duration: record.duration,
  };
}

/**
 * The proof of an item: its watermarked WebP pictures (every browser we serve reads WebP, so there is no AVIF or JPEG
 * set) and, for a video, the watermarked preview clip as the only playable file. Until the proofs are made the item
 * shows its blurred placeholder only. `proof: true` tells the page there is nothing to download.
 */
function presentProof(record: MediaRecord, urls: MediaUrls): MediaView {
  const link = urls.linker(record.id, { signed: true, proofOnly: true });
  const pictures = record.derivatives.filter((item) => item.role === 'proof').toSorted((a, b) => a.width - b.width);
  const src = srcOf(pictures);
  const clip = record.derivatives.find((item) => item.role === 'proof-preview');
  return {
    ...described(record),
    image: { src: src ? link(src.file) : '', srcset: { avif: '', webp: srcset(pictures, link), jpeg: '' } },
    video: record.isVideo
      ? { src: clip ? link(clip.file) : '', type: 'video/mp4', preview: clip ? link(clip.file) : null }
      : null,
    duration: record.duration,
    proof: true,
  };
}

/**
 * The smallest clean picture of an item (a video's poster), signed: the photographer's thumbnails (orders, event
 * photos) are never watermarked.
 */
export function thumbnailOf(record: MediaRecord, urls: MediaUrls): string {
  const smallest = record.derivatives
    .filter((item) => item.role === 'image' && (item.format === 'jpeg' || item.format === 'png'))
    .toSorted((a, b) => a.width - b.width)[0];
  return smallest ? urls.url(record.id, smallest.file, { signed: true }) : '';
}
