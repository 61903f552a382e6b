import type { AppContext } from '../context';
import { eventIdOfFolder } from '../services/events/events';
import type { DemoDependencies } from '../services/site/demo-content';
import { type AuthModuleOptions, composeAccounts } from './accounts';
import { type Background, composeBackground } from './background';
import { composeEvents } from './events';
import { type CompositionInput, composeFoundation } from './foundation';
import { composeGalleries } from './galleries';
import { composeMedia } from './media';
import { composeProofing } from './proofing';
import { composeSite } from './site';
import { composeKnownUploads, composeUploads } from './uploads';

export type { AuthModuleOptions } from './accounts';

export interface Composition {
  /** What every route plugin receives: services, never the database. */
  ctx: AppContext;
  /** What the demo content installer needs (it runs beside the routes, after listen). */
  demo: DemoDependencies;
  /** The worker and the daily tasks: started once the app is ready, stopped before it closes. */
  background: Background;
  close(): Promise<void>;
}

/**
 * The one place where everything is built, once, on the app's database and storage: repositories, services, caches,
 * stores, the job worker and the daily tasks. Each area's function (in this folder) builds its part from what the
 * areas before it built, so nothing refers forward; routes and plugins receive what they use and build nothing.
 */
export async function composeServices(input: CompositionInput & { auth?: AuthModuleOptions }): Promise<Composition> {
  const base = await composeFoundation(input);
  const { config, logger, storage, changes, instances } = base;
  const media = composeMedia(base);
  const galleries = composeGalleries(base, media);
  const competitions = composeEvents(base, media);
  const { events, numberReading } = competitions;
  // A ready item of an event, or of a proofing gallery, needs its watermarked proofs. An event's is also placed in
  // its start list and its numbers are read: its proofs and its reading at high priority, ahead of every other
  // item's derivatives, since a rider at the show is waiting to find and buy it.
  media.whenItemReady(async (record) => {
    const eventId = eventIdOfFolder(record.folder);
    if (eventId !== null) {
      events.photoReady(eventId);
      await media.proofs.prepareItem(record.id, 'high');
      await numberReading?.queue(record.id);
    } else if ((await galleries.modes.modeOf(record.folder)) === 'proofing') {
      await media.proofs.prepareItem(record.id);
    }
  });
  const site = composeSite(base, media);
  const sales = composeProofing(base, media, site.notices);
  const accounts = await composeAccounts(base, site.notices, input.auth);
  const uploads = composeUploads(base, media, competitions);

  const ctx: AppContext = {
    config,
    logger,
    changes,
    instances,
    storage,
    accounts: accounts.accounts,
    passwordResets: accounts.passwordResets,
    authLimits: accounts.limits,
    clientAccounts: accounts.clientAccounts,
    apiKeys: accounts.apiKeys,
    knownUploads: composeKnownUploads(media, competitions),
    clientsAdmin: accounts.clientsAdmin,
    agreements: site.agreements,
    contactDetails: site.contactDetails,
    bookings: site.bookings,
    notices: site.notices,
    today: site.today,
    home: site.home,
    publicPages: site.publicPages,
    socialCards: site.socialCards,
    demoContent: site.demoContent,
    health: site.health,
    mediaUrls: base.mediaUrls,
    mediaAccess: media.access,
    derivativeCache: media.derivativeCache,
    publicMirror: media.publicMirror,
    proofs: media.proofs,
    adminMedia: media.adminMedia,
    trash: media.trash,
    mediaVersions: media.runtime.replacements,
    bulkMedia: media.bulk,
    storageApi: media.storageApi,
    uploads,
    gallery: galleries.gallery,
    galleryModes: galleries.modes,
    archives: galleries.archives,
    photosReady: galleries.photosReady,
    events,
    riderSubscriptions: competitions.riderSubscriptions,
    picks: sales.picks,
    orders: sales.orders,
    orderDownloads: sales.orderDownloads,
    payments: sales.payments,
    receipts: sales.receipts,
  };
  return {
    ctx,
    demo: { config, database: base.database, settings: base.repositories.settings, pipeline: media.runtime, logger },
    background: composeBackground({
      worker: media.runtime.worker,
      instances,
      trash: media.trash,
      uploads,
      paymentReminders: sales.paymentReminders,
      versions: media.runtime.replacements,
      logger,
    }),
    close: async () => {
      await media.publicMirror.close();
      await changes.close();
      await base.mailer.close();
      await instances.leave();
    },
  };
}
