import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../errors';
import { renderSocialCard, SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH } from '../media/social-card';
import { type Derivative, derivativeKey } from '../media/types';
import type { MediaRecord } from '../repositories/media-repository';
import type { HomeService } from '../services/site/home-picks';
import type { Storage } from '../storage/storage';

export { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH };

/** Where the card is served; `?v=<media id>` changes with the picture, so previews cached elsewhere follow it. */
export const SOCIAL_CARD_PATH = '/social-card.jpg';

/** The clean picture a card is cut from: the narrowest one still wider than the card, else the widest there is. */
function sourceOf(record: MediaRecord): Derivative | undefined {
  const pictures = record.derivatives
    .filter((item) => item.role === 'image' && item.format !== 'avif')
    .toSorted((a, b) => a.width - b.width);
  return pictures.find((item) => item.width >= SOCIAL_CARD_WIDTH) ?? pictures.at(-1);
}

/** The card's storage key beside the picture's other derivatives (deleted with them), named after its source. */
const cardKey = (record: MediaRecord, source: Derivative) =>
  derivativeKey(
    record.id,
    `social-${SOCIAL_CARD_WIDTH}x${SOCIAL_CARD_HEIGHT}-${source.file.replace(/\.\w+$/, '')}.jpg`,
  );

/**
 * The picture shown where a page of the site is shared: cut once from the first featured photo of the home page
 * (the hero's poster when there is none) and kept in storage, then served from there.
 */
export function createSocialCards(deps: { home: Pick<HomeService, 'picks'>; storage: Storage }) {
  async function picked(): Promise<{ record: MediaRecord; source: Derivative } | null> {
    const { hero, featured } = await deps.home.picks();
    for (const record of [...featured, ...(hero ? [hero] : [])]) {
      const source = sourceOf(record);
      if (source) return { record, source };
    }
    return null;
  }

  return {
    /** The card's absolute URL, or null while the site has no picture to show. */
    async url(publicUrl: string): Promise<string | null> {
      const pick = await picked();
      return pick ? `${publicUrl}${SOCIAL_CARD_PATH}?v=${pick.record.id}` : null;
    },

    /** The card's bytes, made and stored on first use; null without a picture. */
    async open(): Promise<Readable | null> {
      const pick = await picked();
      if (!pick) return null;
      const key = cardKey(pick.record, pick.source);
      if (!(await deps.storage.head(key))) {
        const { stream } = await deps.storage.get(derivativeKey(pick.record.id, pick.source.file));
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        await deps.storage.put(key, await renderSocialCard(Buffer.concat(chunks)), { contentType: 'image/jpeg' });
      }
      return (await deps.storage.get(key)).stream;
    },
  };
}

export type SocialCards = ReturnType<typeof createSocialCards>;

/** GET /social-card.jpg: public, like the home page's pictures it is cut from. */
export function registerSocialCardRoute(app: FastifyInstance, cards: SocialCards): void {
  app.get(SOCIAL_CARD_PATH, async (_request, reply) => {
    const card = await cards.open();
    if (!card) return reply.status(404).send(errorBody('not-found', 'The site has no picture to share yet.'));
    // A few minutes: a new pick shows soon, while a link shared widely is not cut again for every preview.
    return reply.header('cache-control', 'public, max-age=300').type('image/jpeg').send(card);
  });
}
