import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import type { SessionUser } from '../../shared/schemas/session';
import { AppError } from '../errors';
import type { MediaUrls } from '../presenters/media-urls';
import type { MediaRecord, MediaRepository } from '../repositories/media-repository';

/** What a media request carries: its signature (if any) and a way to load its session user, once and only if needed. */
export interface MediaViewer {
  exp?: string;
  sig?: string;
  user: () => Promise<SessionUser | null>;
}

export interface ReadableMedia {
  record: MediaRecord;
  /** `public` for the main gallery: shared caches may keep it. */
  scope: 'public' | 'private';
}

const notFound = () => new AppError('object-not-found', 'Object does not exist');
const notVerified = () =>
  new AppError('email-not-verified', 'Please confirm your e-mail address first: open the link we sent you.');

/**
 * The one rule that decides who may read a media item, used by every route that serves media bytes: `/media/…`
 * (derivatives and originals), single downloads, the folder archive, and (through the gallery answers) the signed
 * URLs, which are only ever made for items this rule let the viewer list.
 *
 * - A ready main-gallery item is everyone's.
 * - A signed-in account that has not proven its address gets 403 `email-not-verified` for anything else, whether or
 *   not the id exists, so the answer reveals nothing.
 * - A valid signature (minted for a viewer this rule allowed) opens the item it was made for.
 * - The admin reads everything; a client reads the items of the one folder its account owns (by account id).
 * - Everyone else gets 404 `object-not-found`, exactly as for an id that does not exist.
 */
export function createMediaAccess(deps: { media: Pick<MediaRepository, 'findById'>; urls: Pick<MediaUrls, 'verify'> }) {
  return {
    async readable(id: string, viewer: MediaViewer): Promise<ReadableMedia> {
      const found = await deps.media.findById(id);
      const record = found?.status === 'ready' && !found.deletedAt ? found : undefined;
      if (record?.folder === MAIN_GALLERY_FOLDER) return { record, scope: 'public' };
      if (record && deps.urls.verify(id, viewer.exp, viewer.sig)) return { record, scope: 'private' };
      const user = await viewer.user();
      if (user && !user.emailVerified) throw notVerified();
      if (record && user && (user.isAdmin || (user.folder !== null && user.folder === record.folder))) {
        return { record, scope: 'private' };
      }
      throw notFound();
    },

    /** The folder whose items `/api/me/…` lists for this user: none before the address is proven. */
    ownFolder(user: SessionUser): string | null {
      if (!user.emailVerified) throw notVerified();
      return user.folder;
    },
  };
}

export type MediaAccess = ReturnType<typeof createMediaAccess>;
