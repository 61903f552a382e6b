import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type ChangeFeed, createChangeFeed } from '../cache/change-feed';
import { createChangeTransport } from '../db/change-transport';
import type { Database } from '../db/database';
import type { Config } from '../env';
import { createInstances, type Instances } from '../jobs/instances';
import { createMailer, type Mailer } from '../mail/mailer';
import { createAdminMediaRepository } from '../repositories/admin-media-repository';
import { createClientRepository } from '../repositories/client-repository';
import { createEmailTokenRepository } from '../repositories/email-token-repository';
import { createEventRepository } from '../repositories/event-repository';
import { createLeaseRepository } from '../repositories/lease-repository';
import { createOrderRepository } from '../repositories/order-repository';
import { createProofingRepository } from '../repositories/proofing-repository';
import { createSettingsRepository } from '../repositories/settings-repository';
import type { ReadNumbers } from '../services/events/read-numbers-job';
import { GALLERY_TOPIC, type GalleryChanged } from '../services/galleries/gallery-service';
import { createMediaUrls, loadMediaUrlKey, type MediaUrls } from '../services/media/media-urls';
import type { Storage } from '../storage/storage';

/** What the composition root is given: the configuration and the two stores, opened by buildApp. */
export interface CompositionInput {
  config: Config;
  database: Database;
  storage: Storage;
  logger: FastifyBaseLogger;
  /**
   * Reads the start numbers in an event photo and places it by them (server/services/events/read-numbers-job.ts);
   * a test passes a fake. Used only while config.readStartNumbers is on.
   */
  readNumbers?: ReadNumbers;
}

/** The repositories more than one area reads or writes: built once here, so each area shares the same one. */
export function createSharedRepositories(db: Database['db']) {
  return {
    settings: createSettingsRepository(db),
    /** Folders, their owners and the account list, across media, galleries and accounts. */
    folders: createAdminMediaRepository(db),
    clients: createClientRepository(db),
    emailTokens: createEmailTokenRepository(db),
    /** Each gallery's mode (delivered or proofing) and the picks made in it. */
    proofing: createProofingRepository(db),
    orders: createOrderRepository(db),
    events: createEventRepository(db),
  };
}

export type SharedRepositories = ReturnType<typeof createSharedRepositories>;

/** What every area stands on: the other instances, the change feed, the shared repositories, mail and media URLs. */
export interface Foundation extends CompositionInput {
  instances: Instances;
  changes: ChangeFeed;
  /** Announces that what a gallery folder shows changed; every instance's caches of that folder forget it. */
  galleryChanged: GalleryChanged;
  repositories: SharedRepositories;
  mailer: Mailer;
  mediaUrls: MediaUrls;
}

export async function composeFoundation(input: CompositionInput): Promise<Foundation> {
  const { config, database, logger } = input;
  // First of all: join the other instances on this database (or refuse to start without SMTP beside them).
  const instances = createInstances({
    leases: createLeaseRepository(database.db),
    dataDir: config.dataDir,
    smtpConfigured: config.smtpUrl !== undefined,
    logger,
  });
  await instances.join();
  // "What you cached of this is out of date", told to this process at once and to every other instance on the same
  // database (PostgreSQL NOTIFY; with SQLite, another process's writes are noticed). Caches subscribe to it.
  const reportFeedError = (error: unknown) => logger.warn({ err: error }, 'change feed');
  const changes = await createChangeFeed({
    transport: createChangeTransport(database, config.database, { onError: reportFeedError }),
    onError: reportFeedError,
  });
  return {
    ...input,
    instances,
    changes,
    // Whatever changes what a gallery shows (an item becomes ready, is deleted, restored, moved or reordered) is
    // announced here, the one place; the gallery service of every instance forgets what it kept of that folder.
    galleryChanged: (folder) => changes.publish(GALLERY_TOPIC, folder),
    repositories: createSharedRepositories(database.db),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      logger,
    }),
    mediaUrls: createMediaUrls(loadMediaUrlKey(config.authSecret, config.dataDir)),
  };
}
