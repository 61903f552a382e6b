import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';

/** Settings keys the admin sets to choose the home page's media (ids of main-gallery items). */
export const HOME_HERO_SETTING = 'home.hero';
export const HOME_FEATURED_SETTING = 'home.featured';
const FEATURED_COUNT = 3;

/**
 * The home page's hero video and three featured images: the admin's picks when they are still visible main-gallery
 * items of the right kind, topped up (or replaced) by the first ready main-gallery video and images.
 */
async function pickHomeMedia(
  media: Pick<MediaRepository, 'findVisibleByIds' | 'listVisible'>,
  settings: Pick<SettingsRepository, 'get'>,
): Promise<{ hero: MediaRecord | null; featured: MediaRecord[] }> {
  const heroId = await settings.get<string | null>(HOME_HERO_SETTING);
  const featuredIds = (await settings.get<string[]>(HOME_FEATURED_SETTING)) ?? [];
  const chosen = await media.findVisibleByIds([...(heroId ? [heroId] : []), ...featuredIds]);
  const inGallery = chosen.filter((item) => item.folder === MAIN_GALLERY_FOLDER);

  const hero =
    inGallery.find((item) => item.id === heroId && item.isVideo) ??
    (await media.listVisible({ folder: MAIN_GALLERY_FOLDER, kind: 'videos', limit: 1 }))[0] ??
    null;

  const featured = inGallery.filter((item) => featuredIds.includes(item.id) && !item.isVideo).slice(0, FEATURED_COUNT);
  if (featured.length < FEATURED_COUNT) {
    const defaults = await media.listVisible({
      folder: MAIN_GALLERY_FOLDER,
      kind: 'images',
      limit: FEATURED_COUNT * 2,
    });
    for (const item of defaults) {
      if (featured.length >= FEATURED_COUNT) break;
      if (!featured.some((picked) => picked.id === item.id)) featured.push(item);
    }
  }
  return { hero, featured };
}

/** The home page's media, on the media rows and the admin's picks in settings. */
export function createHomeService(deps: {
  media: Pick<MediaRepository, 'findVisibleByIds' | 'listVisible'>;
  settings: Pick<SettingsRepository, 'get'>;
}) {
  return {
    picks: () => pickHomeMedia(deps.media, deps.settings),
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
