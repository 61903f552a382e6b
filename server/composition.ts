import type { FastifyBaseLogger } from 'fastify';
import { type AuthModuleOptions, createAuthModule } from './auth/index';
import { createChangeFeed } from './cache/change-feed';
import type { AppContext } from './context';
import { createChangeTransport } from './db/change-transport';
import type { Database } from './db/database';
import type { Config } from './env';
import { createInstances } from './jobs/instances';
import { createAdminMediaRepository } from './repositories/admin-media-repository';
import { createAdminNoticeRepository } from './repositories/admin-notice-repository';
import { createAgreementRepository } from './repositories/agreement-repository';
import { createAuthAttemptRepository } from './repositories/auth-attempt-repository';
import { createBookingRepository } from './repositories/booking-repository';
import { createClientRepository } from './repositories/client-repository';
import { createEmailTokenRepository } from './repositories/email-token-repository';
import { createEventRepository } from './repositories/event-repository';
import { createGalleryRepository } from './repositories/gallery-repository';
import { createLeaseRepository } from './repositories/lease-repository';
import { createOrderRepository } from './repositories/order-repository';
import { createPhotosReadyRepository } from './repositories/photos-ready-repository';
import { createProofingRepository } from './repositories/proofing-repository';
import { createResetTokenRepository } from './repositories/reset-token-repository';
import { createSettingsRepository } from './repositories/settings-repository';
import { createClientsAdmin } from './services/accounts/clients-admin';
import { createEventService, eventIdOfFolder } from './services/events/events';
import { createFolderArchiveService } from './services/galleries/folder-archive';
import { createGalleryModes } from './services/galleries/gallery-modes';
import { createGalleryService, GALLERY_TOPIC, type GalleryChanged } from './services/galleries/gallery-service';
import { createPhotosReadyService } from './services/galleries/photos-ready';
import { createAdminMediaService } from './services/media/admin-media';
import { createBulkMediaService } from './services/media/bulk-media';
import { createMediaRuntime } from './services/media/ingest-runtime';
import { createMediaAccess } from './services/media/media-access';
import { createMediaUrls, loadMediaUrlKey } from './services/media/media-urls';
import { createProofService } from './services/media/proofs';
import { createPublicMirror } from './services/media/public-mirror';
import { createStorageApiService } from './services/media/storage-api';
import { createTrashService } from './services/media/trash';
import { createOrderService } from './services/proofing/orders';
import { createPicksService } from './services/proofing/picks';
import { createPhotographerNotices } from './services/site/admin-notify';
import { createAgreementService } from './services/site/agreement-service';
import { createBookingService } from './services/site/booking';
import { createContactDetailsService } from './services/site/contact-details';
import { type DemoDependencies, demoPreparing } from './services/site/demo-content';
import { createHomeService } from './services/site/home-picks';
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
  // First of all: join the other instances on this database (or refuse to start without SMTP beside them).
  const instances = createInstances({
    leases: createLeaseRepository(db),
    dataDir: config.dataDir,
    smtpConfigured: config.smtpUrl !== undefined,
    logger,
  });
  await instances.join();
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

  // "What you cached of this is out of date", told to this process at once and to every other instance on the same
  // database (PostgreSQL NOTIFY; with SQLite, another process's writes are noticed). Caches subscribe to it.
  const reportFeedError = (error: unknown) => logger.warn({ err: error }, 'change feed');
  const changes = await createChangeFeed({
    transport: createChangeTransport(database, config.database, { onError: reportFeedError }),
    onError: reportFeedError,
  });
  // Whatever changes what a gallery shows (an item becomes ready, is deleted, restored, moved or reordered) is
  // announced here, the one place; the gallery service of every instance forgets what it kept of that folder.
  const galleryChanged: GalleryChanged = (folder) => changes.publish(GALLERY_TOPIC, folder);
  const media = createMediaRuntime({
    database,
    storage,
    dataDir: config.dataDir,
    logger,
    leaseMs: config.jobLeaseMs,
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
  const mediaUrls = createMediaUrls(loadMediaUrlKey(config.authSecret, config.dataDir));
  const gallery = createGalleryService({
    media: media.media,
    gallery: createGalleryRepository(db),
    changes,
  });
  const findById = (id: string) => media.media.findById(id);
  const proofing = createProofingRepository(db);
  const orderRepository = createOrderRepository(db);
  const mediaAccess = createMediaAccess({
    media: media.media,
    urls: mediaUrls,
    modes: proofing,
    orders: orderRepository,
  });
  // The links nginx sends public derivatives from (MEDIA_ACCEL=nginx on disk; otherwise it does nothing).
  const publicMirror = createPublicMirror({ config, media: media.media, changes, logger });
  const eventRepository = createEventRepository(db);
  const events = createEventService({ events: eventRepository, media: media.media, changes });
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

  const adminMedia = createAdminMediaService({
    admin: adminMediaRepository,
    media: media.media,
    settings,
    modes: proofing,
    notifyWorker: () => media.worker.notify(),
    galleryChanged,
  });
  const trash = createTrashService({ admin: adminMediaRepository, storage, findById, galleryChanged });

  // Telling the photographer of sign-ups, accepted terms and booking requests: one notifier, called where each
  // happens (below for sign-ups, so the account service stays unaware of it; the agreement and booking services
  // decide what is news).
  const notices = createPhotographerNotices({
    notices: createAdminNoticeRepository(db),
    settings,
    mailer: accounts.mailer,
    adminEmail: config.adminEmail,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    logger,
  });
  const agreementRepository = createAgreementRepository(db);
  const agreements = createAgreementService({ agreements: agreementRepository, notices });

  const ctx: AppContext = {
    config,
    logger,
    changes,
    instances,
    storage,
    accounts: {
      ...accounts.accounts,
      async signUp(...args) {
        const signedUp = await accounts.accounts.signUp(...args);
        await notices.signedUp(signedUp.result);
        return signedUp;
      },
    },
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
    agreements,
    contactDetails: createContactDetailsService({ settings }),
    bookings: createBookingService({
      bookings: createBookingRepository(db),
      agreements: agreementRepository,
      notices,
      mailer: accounts.mailer,
      siteName: config.siteName,
      publicUrl: config.publicUrl,
    }),
    notices,
    media,
    mediaUrls,
    mediaAccess,
    publicMirror,
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
      siteName: config.siteName,
      publicUrl: config.publicUrl,
      adminEmail: config.adminEmail,
    }),
    gallery,
    archives: createFolderArchiveService({ gallery, storage }),
    home: createHomeService({ media: media.media, settings }),
    adminMedia,
    trash,
    bulkMedia: createBulkMediaService({
      admin: adminMediaRepository,
      media: media.media,
      storage,
      folders: adminMedia,
      trash,
      modes: proofing,
      prepareProofs: (folder) => proofs.prepareFolder(folder),
      galleryChanged,
    }),
    photosReady: createPhotosReadyService({
      folders: adminMediaRepository,
      sendings: createPhotosReadyRepository(db),
      modeOf: (folder) => proofing.modeOf(folder),
      storage,
      mailer: accounts.mailer,
      siteName: config.siteName,
      publicUrl: config.publicUrl,
      onThumbnailError: (error, mediaId) => logger.warn({ err: error, mediaId }, 'no e-mail thumbnail for this item'),
    }),
    storageApi: createStorageApiService({
      media: media.media,
      admin: adminMediaRepository,
      storage,
      galleryChanged,
      quotaBytes: config.storageQuotaBytes,
    }),
    demoContent: { preparing: () => demoPreparing({ config, settings, media }) },
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
    demo: { config, database, settings, media, logger },
    close: async () => {
      await publicMirror.close();
      await changes.close();
      await accounts.close();
      await instances.leave();
    },
  };
}
