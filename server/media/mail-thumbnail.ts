import { sharp } from './sharp';
import type { Derivative } from './types';

/** The thumbnail's side in pixels: twice the 160 px it is shown at in the e-mail, for sharp high-density screens. */
export const MAIL_THUMBNAIL_PIXELS = 320;

/** Formats sharp reads here, fastest to decode first. */
const READABLE: Derivative['format'][] = ['jpeg', 'png', 'webp'];

/**
 * What an e-mail thumbnail is made from: the narrowest picture at least as wide as the thumbnail (else the widest
 * there is). For a client of a proofing gallery only a watermarked proof; otherwise a clean picture (an image's, or a
 * video's poster). Undefined while the item has none (a proof not yet made).
 */
export function mailThumbnailSource(derivatives: Derivative[], proofsOnly: boolean): Derivative | undefined {
  const role = proofsOnly ? 'proof' : 'image';
  const pictures = derivatives
    .filter((item) => item.role === role && READABLE.includes(item.format))
    .toSorted((a, b) => a.width - b.width || READABLE.indexOf(a.format) - READABLE.indexOf(b.format));
  return pictures.find((item) => item.width >= MAIL_THUMBNAIL_PIXELS) ?? pictures.at(-1);
}

/**
 * A square baseline JPEG of the picture's centre: every mail client shows JPEG, where WebP and AVIF are not safe
 * (older Outlook), and a square keeps a row of them even whatever the photos' shapes.
 */
export async function mailThumbnail(picture: Buffer): Promise<Buffer> {
  return sharp(picture)
    .resize(MAIL_THUMBNAIL_PIXELS, MAIL_THUMBNAIL_PIXELS, { fit: 'cover' })
    .jpeg({ quality: 76 })
    .toBuffer();
}
