import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { SessionUser } from '../../../shared/schemas/session';
import { AppError } from '../../errors';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import type { OrderRepository } from '../../repositories/order-repository';
import type { ProofingRepository } from '../../repositories/proofing-repository';
import type { MediaUrls } from './media-urls';

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
  /**
   * False when the viewer is the client of a proofing gallery and the item was not delivered to them: then only its
   * watermarked proofs may be sent, and the original, clean derivatives and downloads answer 403 `not-delivered`.
   */
  clean: boolean;
}

/** Which items of one client folder its client may receive clean. */
export interface FolderDelivery {
  proofing: boolean;
  isClean(mediaId: string): boolean;
}

/** A ready item not in the trash: the only kind anyone but the admin (looking into the trash) may read. */
function isVisible(record: Pick<MediaRecord, 'status' | 'deletedAt'>): boolean {
  return record.status === 'ready' && !record.deletedAt;
}

/**
 * A visible main-gallery item: everyone's, so shared caches, and the proxy's mirror of public files
 * (server/services/media/public-mirror.ts), may keep its derivatives.
 */
export function isPublicItem(record: Pick<MediaRecord, 'status' | 'deletedAt' | 'folder'>): boolean {
  return isVisible(record) && record.folder === MAIN_GALLERY_FOLDER;
}

const notFound = () => new AppError('object-not-found', 'Object does not exist');
const notVerified = () =>
  new AppError('email-not-verified', 'Please confirm your e-mail address first: open the link we sent you.');
export const notDelivered = () =>
  new AppError(
    'not-delivered',
    'This gallery shows proofs for choosing: the photos themselves arrive once your order is delivered.',
  );

/**
 * The one rule that decides who may read a media item, and whether clean, used by every route that serves media
 * bytes: `/media/…` (derivatives and originals), single downloads, the folder archive, and (through the gallery
 * answers) the signed URLs, which are only ever made for items this rule let the viewer list.
 *
 * - A ready main-gallery item is everyone's.
 * - A signed-in account that has not proven its address gets 403 `email-not-verified` for anything else, whether or
 *   not the id exists, so the answer reveals nothing.
 * - A valid signature opens the item it was made for: a proof signature its proofs only; a full signature every
 *   file, unless the item's gallery is now in proofing and the item was not delivered (an older URL then falls back
 *   to the viewer's own rights).
 * - The admin reads everything, clean, and the pictures of the trash's ready items too. A client reads the items of the one folder
 *   its account owns (by account id):
 *   clean in a delivered gallery, and in a proofing gallery only the items a delivered order gave them.
 * - Everyone else gets 404 `object-not-found`, exactly as for an id that does not exist.
 */
export function createMediaAccess(deps: {
  media: Pick<MediaRepository, 'findById'>;
  urls: Pick<MediaUrls, 'verify'>;
  modes: Pick<ProofingRepository, 'modeOf'>;
  orders: Pick<OrderRepository, 'isDelivered' | 'deliveredIn'>;
}) {
  async function cleanForClient(record: MediaRecord): Promise<boolean> {
    if ((await deps.modes.modeOf(record.folder)) === 'delivered') return true;
    return deps.orders.isDelivered(record.folder, record.id);
  }

  return {
    /** `fromTrash`: the admin may read a trashed item's pictures (the trash shows thumbnails); downloads may not. */
    async readable(id: string, viewer: MediaViewer, options: { fromTrash?: boolean } = {}): Promise<ReadableMedia> {
      const found = await deps.media.findById(id);
      const record = found && isVisible(found) ? found : undefined;
      if (record && isPublicItem(record)) return { record, scope: 'public', clean: true };
      const grant = record ? deps.urls.verify(id, viewer.exp, viewer.sig) : null;
      if (record && grant === 'proof') return { record, scope: 'private', clean: false };
      if (record && grant === 'full' && (await cleanForClient(record)))
        return { record, scope: 'private', clean: true };
      const user = await viewer.user();
      if (user && !user.emailVerified) throw notVerified();
      if (record && user?.isAdmin) return { record, scope: 'private', clean: true };
      // The admin also reads a ready item in the trash where asked (its thumbnails); nobody else does.
      if (options.fromTrash && found?.status === 'ready' && user?.isAdmin) {
        return { record: found, scope: 'private', clean: true };
      }
      if (record && user && user.folder !== null && user.folder === record.folder) {
        return { record, scope: 'private', clean: await cleanForClient(record) };
      }
      throw notFound();
    },

    /** The folder whose items `/api/me/…` lists for this user: none before the address is proven. */
    ownFolder(user: SessionUser): string | null {
      if (!user.emailVerified) throw notVerified();
      return user.folder;
    },

    /** What the client of `folder` receives clean: everything when delivered; in proofing, their delivered items. */
    async delivery(folder: string): Promise<FolderDelivery> {
      if ((await deps.modes.modeOf(folder)) === 'delivered') return { proofing: false, isClean: () => true };
      const delivered = await deps.orders.deliveredIn(folder);
      return { proofing: true, isClean: (mediaId) => delivered.has(mediaId) };
    },
  };
}

export type MediaAccess = ReturnType<typeof createMediaAccess>;
