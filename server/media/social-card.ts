import { sharp } from './sharp';

/** The picture a shared link shows (Open Graph, Twitter's large card): 1.91:1, the size those services ask for. */
export const SOCIAL_CARD_WIDTH = 1200;
export const SOCIAL_CARD_HEIGHT = 630;
/** Messaging apps drop a preview picture above about 300 KB (WhatsApp among them). */
export const SOCIAL_CARD_MAX_BYTES = 300 * 1024;

/** JPEG qualities tried in turn until the card fits; a photo with heavy grain needs the lower ones. */
const QUALITIES = [82, 72, 62, 50, 40];

/**
 * Crops a clean picture (any format sharp reads) to the card's 1200×630, centred on its busiest part, as a JPEG
 * under SOCIAL_CARD_MAX_BYTES. Every service that shows link previews reads baseline JPEG.
 */
export async function renderSocialCard(picture: Buffer): Promise<Buffer> {
  const cropped = await sharp(picture)
    .rotate()
    .resize(SOCIAL_CARD_WIDTH, SOCIAL_CARD_HEIGHT, { fit: 'cover', position: 'attention' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = cropped.info;
  let card: Buffer = Buffer.alloc(0);
  for (const quality of QUALITIES) {
    card = await sharp(cropped.data, { raw: { width, height, channels } }).jpeg({ quality, mozjpeg: false }).toBuffer();
    if (card.length <= SOCIAL_CARD_MAX_BYTES) return card;
  }
  return card;
}
