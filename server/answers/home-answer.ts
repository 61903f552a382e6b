import type { HomeResponse } from '../../shared/schemas/media';
import type { AppContext } from '../context';
import { presentMedia } from '../presenters/media-presenter';
import { heroClipOf } from './hero-video';

/**
 * What GET /api/home answers, as plain data: the server-rendered home page calls this too, so the page and the API
 * can never show different pictures. Main-gallery items are public, so their URLs carry no signature.
 */
export async function homeAnswer(ctx: Pick<AppContext, 'home' | 'mediaUrls'>): Promise<HomeResponse> {
  const { hero, featured } = await ctx.home.picks();
  const clip = hero ? heroClipOf(hero) : undefined;
  return {
    hero: hero ? presentMedia(hero, ctx.mediaUrls, { signed: false }) : null,
    heroVideo:
      hero && clip ? { src: ctx.mediaUrls.url(hero.id, clip.file, { signed: false }), type: clip.contentType } : null,
    featured: featured.map((item) => presentMedia(item, ctx.mediaUrls, { signed: false })),
  };
}
