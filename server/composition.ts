import type { FastifyBaseLogger } from 'fastify';
import { type AuthModuleOptions, createAuthModule } from './auth/index';
import type { AppContext } from './context';
import type { Database } from './db/database';
import type { Config } from './env';
import { createMediaUrls, loadMediaUrlKey } from './presenters/media-urls';
import { createAdminMediaRepository } from './repositories/admin-media-repository';
import { createAgreementRepository } from './repositories/agreement-repository';
import { createAuthAttemptRepository } from './repositories/auth-attempt-repository';
import { createClientRepository } from './repositories/client-repository';
import { createEmailTokenRepository } from './repositories/email-token-repository';
import { createEventRepository } from './repositories/event-repository';
import { createGalleryRepository } from './repositories/gallery-repository';
import { createOrderRepository } from './repositories/order-repository';
import { createProofingRepository } from './repositories/proofing-repository';
import { createResetTokenRepository } from './repositories/reset-token-repository';
import { createSettingsRepository } from './repositories/settings-repository';
import { createAdminMediaService } from './services/admin-media';
import { createPhotosReadyNotifier } from './services/admin-notify';
import { createAgreementService } from './services/agreement-service';
import { createClientsAdmin } from './services/clients-admin';
import type { DemoDependencies } from './services/demo-content';
import { createEventService, eventIdOfFolder } from './services/events';
import { createFolderArchiveService } from './services/folder-archive';
import { createGalleryModes } from './services/gallery-modes';
import { createGalleryService, type GalleryChanged } from './services/gallery-service';
import { createHomeService } from './services/home-picks';
import { createMediaRuntime } from './services/ingest-runtime';
import { createMediaAccess } from './services/media-access';
import { createOrderService } from './services/orders';
import { createPicksService } from './services/picks';
import { createProofService } from './services/proofs';
import { createStorageApiService } from './services/storage-api';
import { createTrashService } from './services/trash';
import type { Storage } from './storage/storage';

export interface Composition {
  /** What every route plugin receives: services, never the database. */
  ctx: AppContext;
  /** What the demo content installer needs (it runs beside the routes, after listen). */
  demo: DemoDependencies;
  close(): Promise<void>;
}

/**
 * The one place where every repository and service is built, once, on the app's database and storage. buildApp calls
 * it; routes receive the services it returns. A rule lives in one service, and every route that needs it gets that
 * same instance (the gallery's cache, the admin's folder rules, who may read a media item).
 */
export async function composeServices(input: {
  config: Config;
  database: Database;
  storage: Storage;
  logger: FastifyBaseLogger;
  auth?: AuthModuleOptions;
}): Promise<Composition> {
  const { config, database, storage, logger } = input;
  const { db } = database;
  // Every repository, once (the media and job repositories are the media runtime's, below).
  const settings = createSettingsRepository(db);
  const adminMediaRepository = createAdminMediaRepository(db);
  const clients = createClientRepository(db);
  const emailTokens = createEmailTokenRepository(db);
  const accounts = await createAuthModule({
    config,
    database,
    repositories: {
      clients,
      emailTokens,
      authAttempts: createAuthAttemptRepository(db),
      resetTokens: createResetTokenRepository(db),
      settings,
      accounts: adminMediaRepository,
    },
    logger,
    storage,
    options: input.auth,
  });

  // Whatever changes what a gallery shows (an item becomes ready, is deleted, restored or reordered) makes the gallery
  // service forget that folder's cached page index. It is built just below, on the media runtime's repository.
  const galleryChanged: GalleryChanged = (folder) => gallery.invalidate(folder);
  const media = createMediaRuntime({
    database,
    storage,
    dataDir: config.dataDir,
    logger,
    galleryChanged,
    siteName: config.siteName,
    // A ready item of an event, or of a proofing gallery, needs its watermarked proofs; an event's is also placed in
    // the start list. (The services are built just below; this runs only once the app is up.)
    onReady: async (record) => {
      const eventId = eventIdOfFolder(record.folder);
      if (eventId !== null) events.photoReady(eventId);
      if (eventId !== null || (await proofing.modeOf(record.folder)) === 'proofing')
        await proofs.prepareItem(record.id);
    },
  });
  const gallery = createGalleryService({ media: media.media, gallery: createGalleryRepository(db) });
  const mediaUrls = createMediaUrls(loadMediaUrlKey(config.authSecret, config.dataDir));
  const findById = (id: string) => media.media.findById(id);
  const proofing = createProofingRepository(db);
  const orderRepository = createOrderRepository(db);
  const mediaAccess = createMediaAccess({
    media: media.media,
    urls: mediaUrls,
    modes: proofing,
    orders: orderRepository,
  });
  const eventRepository = createEventRepository(db);
  const events = createEventService({ events: eventRepository, media: media.media, urls: mediaUrls });
  const picks = createPicksService({ access: mediaAccess, proofing, orders: orderRepository, media: media.media });
  const galleryModes = createGalleryModes({
    modes: proofing,
    folders: adminMediaRepository,
    prepareProofs: (folder) => proofs.prepareFolder(folder),
  });
  // The watermark and the queueing of proofs; a new watermark remakes the proofs of every proofing gallery.
  const proofs = createProofService({
    settings,
    media: media.media,
    jobs: media.jobs,
    storage,
    siteName: config.siteName,
    notifyWorker: () => media.worker.notify(),
    proofingFolders: () => galleryModes.proofingFolders(),
  });

  const ctx: AppContext = {
    config,
    logger,
    storage,
    accounts: accounts.accounts,
    passwordResets: accounts.passwordResets,
    authLimits: accounts.limits,
    clientAccounts: accounts.clientAccounts,
    clientsAdmin: createClientsAdmin({
      auth: accounts.auth,
      clients,
      tokens: emailTokens,
      folders: adminMediaRepository,
      mailer: accounts.mailer,
      config,
      createPlaceholder: (folder) => accounts.clientAccounts.createPlaceholder(folder),
      galleryChanged,
    }),
    agreements: createAgreementService({ agreements: createAgreementRepository(db) }),
    media,
    mediaUrls,
    mediaAccess,
    galleryModes,
    events,
    proofs,
    picks,
    orders: createOrderService({
      access: mediaAccess,
      picks,
      events: eventRepository,
      notifyWorker: () => media.worker.notify(),
      orders: orderRepository,
      proofing,
      media: media.media,
      clients,
      settings,
      mailer: accounts.mailer,
      urls: mediaUrls,
      siteName: config.siteName,
      publicUrl: config.publicUrl,
      adminEmail: config.adminEmail,
    }),
    gallery,
    archives: createFolderArchiveService({ gallery, storage }),
    home: createHomeService({ media: media.media, settings }),
    adminMedia: createAdminMediaService({
      admin: adminMediaRepository,
      media: media.media,
      settings,
      modes: proofing,
      notifyWorker: () => media.worker.notify(),
      galleryChanged,
    }),
    trash: createTrashService({ admin: adminMediaRepository, storage, findById, galleryChanged }),
    photosReady: createPhotosReadyNotifier({
      admin: adminMediaRepository,
      mailer: accounts.mailer,
      siteName: config.siteName,
      publicUrl: config.publicUrl,
    }),
    storageApi: createStorageApiService({
      media: media.media,
      admin: adminMediaRepository,
      storage,
      galleryChanged,
      quotaBytes: config.storageQuotaBytes,
    }),
    health: {
      /** Touches the database, so a dead one shows. */
      async check() {
        await settings.get('health-probe');
        return { database: database.kind, storage: config.storage.kind };
      },
    },
  };
  return {
    ctx,
    demo: { config, settings, media, logger },
    close: () => accounts.close(),
  };
}
