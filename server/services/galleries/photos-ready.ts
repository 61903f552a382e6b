import { randomBytes } from 'node:crypto';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { Language } from '../../../shared/i18n/languages';
import type { PhotosReadyResult, PhotosReadyStatus } from '../../../shared/schemas/photos-ready';
import { AppError } from '../../errors';
import { mailLanguage } from '../../mail/mail-text';
import type { Mailer } from '../../mail/mailer';
import { photosReadyEmail } from '../../mail/photos-ready-email';
import { mailThumbnail, mailThumbnailSource } from '../../media/mail-thumbnail';
import { derivativeKey } from '../../media/types';
import type { FolderOwnerRepository } from '../../repositories/folder-owner-repository';
import type { MediaRecord } from '../../repositories/media-repository';
import type { PhotosReadyRepository, PhotosReadySending } from '../../repositories/photos-ready-repository';
import type { Storage } from '../../storage/storage';

/** "A few" thumbnails: a row that fits a phone's mail app. */
export const MAIL_THUMBNAILS = 4;

export interface PhotosReadyDependencies {
  folders: Pick<FolderOwnerRepository, 'findOwnerByFolder' | 'lastAgreementLanguage'>;
  sendings: PhotosReadyRepository;
  /** Whether the folder is a proofing gallery: its client may see watermarked proofs only, in e-mails too. */
  modeOf: (folder: string) => Promise<'delivered' | 'proofing'>;
  storage: Pick<Storage, 'get'>;
  mailer: Pick<Mailer, 'send'>;
  siteName: string;
  publicUrl: string;
  onThumbnailError?: (error: unknown, mediaId: string) => void;
}

/**
 * "Your photos are ready", one e-mail per batch: it announces the items no earlier e-mail announced, with their count
 * and a few thumbnails. When every item was announced already, sending again needs `again` (the panel asks first) and
 * repeats the latest batch; an empty gallery has nothing to announce. The sending is recorded before the e-mail goes
 * (so two sends at the same moment cannot both announce a batch) and taken back when the e-mail fails, so its items
 * are new again for the next try.
 */
export function createPhotosReadyService(deps: PhotosReadyDependencies) {
  async function ownerOf(folder: string) {
    if (folder === MAIN_GALLERY_FOLDER) {
      throw new AppError('invalid-argument', 'The main gallery has no owner to notify.');
    }
    const owner = await deps.folders.findOwnerByFolder(folder);
    if (!owner) throw new AppError('not-found', 'There is no such folder.');
    return owner;
  }

  async function thumbnails(folder: string, items: MediaRecord[]): Promise<Buffer[]> {
    const proofsOnly = (await deps.modeOf(folder)) === 'proofing';
    const pictures: Buffer[] = [];
    for (const item of items) {
      if (pictures.length === MAIL_THUMBNAILS) break;
      const source = mailThumbnailSource(item.derivatives, proofsOnly);
      if (!source) continue;
      try {
        const { stream } = await deps.storage.get(derivativeKey(item.id, source.file));
        pictures.push(await mailThumbnail(Buffer.concat(await stream.toArray())));
      } catch (error) {
        // A picture that cannot be read leaves a smaller row, never an unsent e-mail.
        deps.onThumbnailError?.(error, item.id);
      }
    }
    return pictures;
  }

  return {
    async status(folder: string): Promise<PhotosReadyStatus> {
      await ownerOf(folder);
      const [last, counts] = await Promise.all([deps.sendings.latest(folder), deps.sendings.counts(folder)]);
      return {
        last: last ? { sentAt: last.sentAt, sentTo: last.sentTo, itemCount: last.itemCount } : null,
        readyCount: counts.ready,
        newCount: counts.unannounced,
      };
    },

    async send(folder: string, options: { language?: Language; again?: boolean }): Promise<PhotosReadyResult> {
      const owner = await ownerOf(folder);
      let items = await deps.sendings.unannounced(folder);
      let repeatOf: string | null = null;
      if (items.length === 0) {
        const repeated = await deps.sendings.latestBatchWithItems(folder);
        if (!repeated) throw new AppError('gallery-empty', 'The gallery has no photos to announce yet.');
        if (!options.again) {
          throw new AppError('already-announced', 'Every photo here was announced already; confirm to send again.');
        }
        repeatOf = repeated.sendingId;
        items = repeated.items;
      }
      const previous = await deps.sendings.latest(folder);
      const remembered = owner.accountId ? await deps.folders.lastAgreementLanguage(owner.accountId) : undefined;
      const language = options.language ?? mailLanguage(previous?.language, remembered);
      const message = photosReadyEmail({
        to: owner.email,
        name: owner.name,
        language,
        siteName: deps.siteName,
        publicUrl: deps.publicUrl,
        count: items.length,
        pictures: await thumbnails(folder, items),
      });
      const sending: PhotosReadySending = {
        id: randomBytes(12).toString('base64url'),
        folder,
        sentAt: new Date().toISOString(),
        sentTo: owner.email,
        language,
        itemCount: items.length,
        repeatOf,
      };
      try {
        await deps.sendings.record(sending, repeatOf ? [] : items.map((item) => item.id));
      } catch {
        // Another send announced these items a moment ago.
        throw new AppError('already-announced', 'These photos were announced a moment ago.');
      }
      try {
        await deps.mailer.send(message);
      } catch {
        await deps.sendings.remove(sending.id);
        throw new AppError('unavailable', 'The e-mail could not be sent. Please try again later.');
      }
      return {
        sentTo: owner.email,
        language,
        itemCount: items.length,
        sentAt: sending.sentAt,
        repeated: repeatOf !== null,
      };
    },
  };
}

export type PhotosReadyService = ReturnType<typeof createPhotosReadyService>;
