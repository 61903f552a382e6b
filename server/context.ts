import type { FastifyBaseLogger } from 'fastify';
import type { AccountService } from './auth/account-service';
import type { AuthLimits } from './auth/limits';
import type { ResetService } from './auth/reset-service';
import type { ChangeFeed } from './cache/change-feed';
import type { PublicPageCache } from './cache/public-pages';
import type { Config } from './env';
import type { Instances } from './jobs/instances';
import type { ApiKeys } from './services/accounts/api-keys';
import type { ClientAccounts } from './services/accounts/client-accounts';
import type { ClientsAdmin } from './services/accounts/clients-admin';
import type { EventService } from './services/events/events';
import type { RiderSubscriptions } from './services/events/rider-subscriptions';
import type { FolderArchiveService } from './services/galleries/folder-archive';
import type { GalleryModes } from './services/galleries/gallery-modes';
import type { GalleryService } from './services/galleries/gallery-service';
import type { PhotosReadyService } from './services/galleries/photos-ready';
import type { AdminMediaService } from './services/media/admin-media';
import type { BulkMediaService } from './services/media/bulk-media';
import type { KnownUploads } from './services/media/known-uploads';
import type { MediaAccess } from './services/media/media-access';
import type { MediaUrls } from './services/media/media-urls';
import type { ProofService } from './services/media/proofs';
import type { PublicMirror } from './services/media/public-mirror';
import type { OriginalReplacements } from './services/media/replace-original';
import type { StorageApiService } from './services/media/storage-api';
import type { TrashService } from './services/media/trash';
import type { OrderDownloads } from './services/proofing/order-downloads';
import type { OrderService } from './services/proofing/orders';
import type { PaymentService } from './services/proofing/payments';
import type { PicksService } from './services/proofing/picks';
import type { ReceiptService } from './services/proofing/receipts';
import type { PhotographerNotices } from './services/site/admin-notify';
import type { AgreementService } from './services/site/agreement-service';
import type { BookingService } from './services/site/booking';
import type { ContactDetailsService } from './services/site/contact-details';
import type { HomeService } from './services/site/home-picks';
import type { TodayService } from './services/site/today';
import type { SocialCards } from './ssr/social-card';
import type { SmallObjectCache } from './storage/small-object-cache';
import type { Storage } from './storage/storage';
import type { TusUploads } from './uploads/tus-uploads';

/**
 * What every route plugin receives: the services, caches and stores, each built once in server/composition/. Routes never see the
 * database; a rule a route needs lives in one of these services.
 */
export interface AppContext {
  config: Config;
  logger: FastifyBaseLogger;
  /** The instances sharing the database: this one's lease holder id, the leases, daily tasks run once per day. */
  instances: Instances;
  /** Media bytes: local disk or S3, chosen once at boot from config.storage (routes stream objects from it). */
  storage: Storage;
  /** Sign-up, sign-in, sign-out, password change and the session lookup (server/auth). */
  accounts: AccountService;
  /** Forgotten-password requests and both ways to reset (link and 6-digit code). */
  passwordResets: ResetService;
  /** Per-IP and per-account attempt limits of the account routes (and of accepting the booking terms). */
  authLimits: AuthLimits;
  /** Each account's client and gallery, address verification and invitations (server/services/accounts/client-accounts.ts). */
  clientAccounts: ClientAccounts;
  /** The keys the sync command signs in with as the admin: made, listed, revoked, checked (services/accounts/api-keys.ts). */
  apiKeys: ApiKeys;
  /** The photographer's clients: add, invite, change address, remove, give an unowned folder. */
  clientsAdmin: ClientsAdmin;
  /** The booking terms, their acceptance, and the audit trail of who accepted which version. */
  agreements: AgreementService;
  /** The photographer's contact details (phone, WhatsApp, e-mail, Instagram, Facebook) shown on the public pages. */
  contactDetails: ContactDetailsService;
  /** Booking requests: made by clients who accepted the terms, answered by the photographer. */
  bookings: BookingService;
  /** Telling the photographer of sign-ups, accepted terms and booking requests, and the panel's counts of them. */
  notices: PhotographerNotices;
  /** What waits for the photographer (new orders, reported payments, booking requests, …), counted for Today. */
  today: TodayService;
  /** Resumable uploads (tus) into a folder or an event; /api/uploads hands each request to it. */
  uploads: TusUploads;
  /** Which contents (MD5) a folder or an event already has: the sync command skips those files. */
  knownUploads: KnownUploads;
  /** Derivatives read from storage, kept in memory by their content-addressed keys (they never change). */
  derivativeCache: SmallObjectCache;
  /** The server-rendered pages of visitors who are not signed in, kept until what they show changes. */
  publicPages: PublicPageCache;
  /** The picture a shared link shows (/social-card.jpg), made from the home page's hero. */
  socialCards: SocialCards;
  /** `/media/<id>/<file>` URLs, signed for private items (server/services/media/media-urls.ts). */
  mediaUrls: MediaUrls;
  /** The one rule deciding who may read a media item (server/services/media/media-access.ts). */
  mediaAccess: MediaAccess;
  /** The links nginx sends public derivatives from, without asking the app (server/services/media/public-mirror.ts). */
  publicMirror: Pick<PublicMirror, 'active' | 'publish'>;
  /** Each client gallery's mode: delivered, or proofing (watermarked proofs to pick from). */
  galleryModes: GalleryModes;
  /** The watermark of proofs, and the background jobs that make them (server/services/media/proofs.ts). */
  proofs: ProofService;
  /** A client's picks in a proofing gallery and their price. */
  picks: PicksService;
  /** Orders: sent by clients, taken through paid and delivered by the photographer. */
  orders: OrderService;
  /** What a client's delivered order gave them, for its Download All. */
  orderDownloads: OrderDownloads;
  /** How clients pay: the methods the photographer sets up, and the payments clients report. */
  payments: PaymentService;
  /** Receipts of paid orders, the business details they print, and the photographer's list by year. */
  receipts: ReceiptService;
  /** Competitions: events, start lists, where each photo belongs, and "find my photos". */
  events: EventService;
  /** "Tell me when my photos are ready": riders' subscriptions to a start number, confirmed and ended by links. */
  riderSubscriptions: RiderSubscriptions;
  /** Gallery pages at a flat cost, and whole folders for the archive. */
  gallery: GalleryService;
  /** "What you cached of this is out of date", to this process and every other instance (server/cache/change-feed.ts). */
  changes: Pick<ChangeFeed, 'publish' | 'subscribe'>;
  /** "Download all": a folder's originals as one ZIP (server/services/galleries/folder-archive.ts). */
  archives: FolderArchiveService;
  /** The home page's hero and featured images. */
  home: HomeService;
  /** The admin panel's folders, the main gallery's order, home-page picks, the metadata repair. */
  adminMedia: AdminMediaService;
  /** Delete to a 30-day trash, restore, and the daily purge. */
  trash: TrashService;
  /** The previous originals edited versions replaced: kept 30 days, listed and restored (replace-original.ts). */
  mediaVersions: Pick<OriginalReplacements, 'versionsOf' | 'restore' | 'purgeAt'>;
  /** The folder view's actions on many selected items: trash, move to another client, add to the main gallery. */
  bulkMedia: BulkMediaService;
  /** The "your photos are ready" e-mail. */
  photosReady: PhotosReadyService;
  /** The storage-style admin API over media items. */
  storageApi: StorageApiService;
  /** Whether the demo set of a new site is still being made (server/services/site/demo-content.ts). */
  demoContent: { preparing(): Promise<boolean> };
  /** The health check's probe of the database. */
  health: { check(): Promise<{ database: 'sqlite' | 'postgres'; storage: 'disk' | 's3' }> };
}
