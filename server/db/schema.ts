import type { ColumnType } from 'kysely';
import type {
  ClientOrderEventTable,
  ClientOrderItemTable,
  ClientOrderTable,
  CounterTable,
  GalleryModeTable,
  PickTable,
  ReceiptTable,
} from './schema-sales';

/**
 * The application's tables as Kysely sees them. Column names are snake_case here and never leave the server:
 * presenters map rows to the API's shapes. Timestamps are ISO-8601 UTC text so SQLite and PostgreSQL agree.
 */
export interface SettingTable {
  key: string;
  value: string;
  updated_at: string;
}

/** One counted sign-in, sign-up or reset attempt (server/auth/limits.ts). */
export interface AuthAttemptTable {
  id: string;
  action: string;
  subject: string;
  /** The client address, for the limits kept per account and address (migration 017); null for the others. */
  source: string | null;
  created_at: string;
}

/** One row per counted key of auth_attempt, locked while an attempt of that key is counted (migration 017). */
export interface AuthAttemptGateTable {
  key: string;
  used_at: string;
}

/**
 * The account tables are created and owned by better-auth (server/auth/better-auth.ts), with its camelCase
 * column names. Only the columns our repositories read are declared here.
 */
export interface AuthUserTable {
  id: string;
  email: string;
  name: string;
  /** better-auth's flag; only our verification, invitation and reset flows set it (server/services/accounts/client-accounts.ts). */
  emailVerified: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  createdAt: ColumnType<Date | string, Date | string | undefined, Date | string>;
}

export interface AuthSessionTable {
  id: string;
  userId: string;
}

/** The photographer's record of a client and the one gallery folder they own (migration 008_clients). */
export interface ClientTable {
  id: string;
  email: string;
  full_name: string;
  phone: string | null;
  folder: string;
  account_id: string | null;
  pending_email: string | null;
  invited_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  /** Picks the photographer includes in the client's first order; null: the rule by how they came (migration 022). */
  included_picks: ColumnType<number | null, number | null | undefined, number | null>;
}

export type EmailTokenPurpose = 'verify-email' | 'invitation' | 'change-email' | 'claim-gallery';

/** A single-use link sent by e-mail, kept as a SHA-256 hash (migration 008_clients). */
export interface EmailTokenTable {
  id: string;
  purpose: EmailTokenPurpose;
  token_hash: string;
  client_id: string | null;
  account_id: string | null;
  email: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface AuthVerificationTable {
  id: string;
  identifier: string;
  value: string;
}

/** A media item (migration 003_media). Booleans are 0/1; JSON columns are text; `size` may come back as a string. */
export interface MediaTable {
  id: string;
  folder: string;
  name: string;
  full_path: string;
  extension: string;
  content_type: string;
  size: ColumnType<number | string, number, number>;
  md5_hash: string;
  generation: string;
  metageneration: number;
  time_created: string;
  updated: string;
  cache_control: string | null;
  content_disposition: string | null;
  content_encoding: string | null;
  content_language: string | null;
  custom_metadata: string;
  width: number | null;
  height: number | null;
  duration: number | null;
  is_video: number;
  placeholder: string | null;
  derivatives: string;
  status: 'processing' | 'ready' | 'failed';
  error_code: string | null;
  position: number;
  is_demo: number;
  deleted_at: string | null;
  /** Unsigned CRC-32 of the original (migration 007_media_crc32); PostgreSQL returns bigint as a string. */
  crc32: ColumnType<number | string | null, number | null | undefined, number | null>;
  /**
   * Where the original's bytes are when an edited version replaced it (migration 021_media_versions); null: at
   * `full_path`. Optional, like `edited_at`, so rows written for an earlier release's table leave them out.
   */
  original_key?: string | null;
  /** When the present original arrived as an edited version; null while it is the one the item was created with. */
  edited_at?: string | null;
}

/** A previous original of an item, kept to be restored (migration 021_media_versions). */
export interface MediaVersionTable {
  id: string;
  media_id: string;
  storage_key: string;
  size: ColumnType<number | string, number, number>;
  md5_hash: string;
  crc32: ColumnType<number | string | null, number | null, number | null>;
  content_type: string;
  extension: string;
  /** The name the file had when it was uploaded. */
  original_name: string;
  /** When it had arrived as an edited version; null for the item's first original. */
  edited_at: string | null;
  replaced_at: string;
}

/** A durable background job (migration 004_media_jobs). */
export interface JobTable {
  id: string;
  type: string;
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  max_attempts: number;
  run_after: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  /**
   * When the present holder claimed it (migration 013_shared_limits); null for rows from before. Optional, so a new
   * job's row leaves it out and code that queues jobs also writes to an earlier release's table (upgrade tests).
   */
  claimed_at?: string | null;
  /**
   * Higher runs first (migration 026_job_priorities; JOB_PRIORITY in server/repositories/job-repository.ts). Optional:
   * a normal job's row leaves it out (the column's default), as claimed_at.
   */
  priority?: number;
}

export interface AgreementTable {
  id: string;
  user_id: string;
  email: string | null;
  agreed_at: string;
  language: string;
  user_agent: string;
  terms_version: string;
}

/** A competition (migration 010_events). */
export interface EventTable {
  id: string;
  slug: string;
  name: string;
  starts_on: string;
  ends_on: string;
  venue: string;
  discipline: string;
  visibility: 'public' | 'unlisted' | 'hidden';
  access_key: string;
  time_zone: string;
  cover_media_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface EventClassTable {
  event_id: string;
  name: string;
  round_seconds: number;
}

/** One line of an event's start list; `start_time` is an absolute ISO time. */
export interface EventEntryTable {
  id: string;
  event_id: string;
  number: string;
  rider: string;
  horse: string;
  class_name: string;
  start_time: string;
  hidden: number;
  position: number;
}

export interface EventCameraTable {
  event_id: string;
  camera: string;
  offset_seconds: number;
}

/** Where and when an event photo was taken, and the entry it shows. */
export interface EventPhotoTable {
  media_id: string;
  event_id: string;
  entry_id: string | null;
  captured_at: string | null;
  camera: string | null;
  manual: number;
}

/** A named lease held by one instance until it expires or is released (migration 013_shared_limits). */
export interface LeaseTable {
  name: string;
  holder: string;
  /** Epoch milliseconds; PostgreSQL returns bigint as a string. */
  expires_at: ColumnType<number | string, number, number>;
  /** Set to 1 by someone who waits for the lease, so the holder lets go as soon as it can. */
  release_requested: ColumnType<number, number | undefined, number>;
}

/** A client's request to be photographed (migration 012_booking_requests); amounts in agorot, null when unpriced. */
export interface BookingRequestTable {
  id: string;
  account_id: string;
  email: string;
  event_name: string;
  event_date: string;
  rider_name: string;
  /** JSON text: [{ name, heat }]. */
  horses: string;
  package: string;
  phone: string;
  note: string;
  language: string;
  total_amount: number | null;
  deposit_amount: number | null;
  currency: string;
  status: 'new' | 'confirmed' | 'declined';
  created_at: string;
  updated_at: string;
}

/** One thing the photographer was told of (migration 012_booking_requests). */
export interface AdminNoticeTable {
  id: string;
  kind: 'signup' | 'agreement' | 'booking' | 'payment';
  subject: string;
  created_at: string;
}

/** One "your photos are ready" e-mail (migration 014_photos_ready_sendings). */
export interface PhotosReadySendingTable {
  id: string;
  folder: string;
  sent_at: string;
  sent_to: string;
  language: string;
  item_count: number;
  /** The sending whose batch this one repeats; null for a sending of new items. */
  repeat_of: string | null;
}

/** The sending that first announced an item (migration 014_photos_ready_sendings). */
export interface PhotosReadyItemTable {
  media_id: string;
  sending_id: string;
}

/** Requests counted per limiter scope and client address in one window (migration 015_rate_limits). */
export interface RateLimitTable {
  scope: string;
  key: string;
  hits: number;
  /** Epoch milliseconds when the window ends; PostgreSQL returns bigint as a string. */
  expires_at: ColumnType<number | string, number, number>;
}

/** A key the photographer's tools sign in with, kept as its SHA-256 (migration 024_api_keys). */
export interface ApiKeyTable {
  id: string;
  name: string;
  key_hash: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** "Tell me when my photos are ready": one event, start number and address (migration 025_rider_subscriptions). */
export interface RiderSubscriptionTable {
  id: string;
  event_id: string;
  number: string;
  email: string;
  language: string;
  confirm_token_hash: string;
  confirmed_at: string | null;
  unsubscribe_token: string;
  told_count: ColumnType<number, number | undefined, number>;
  last_notified_at: string | null;
  created_at: string;
}

/** The start numbers read in an event photo and what they did to its placement (migration 023_number_readings). */
export interface EventPhotoReadingTable {
  media_id: string;
  event_id: string;
  number: string | null;
  confidence: number | null;
  /** JSON text: { x, y, width, height } in the read picture's pixels. */
  box: string | null;
  /** JSON text: [{ number, confidence, box }], best first. */
  candidates: string;
  width: number;
  height: number;
  read_at: string;
  state: 'number' | 'number-and-time' | 'time' | 'manual' | 'review' | 'confirmed' | 'corrected';
  reason: 'other-ride' | 'ambiguous' | 'not-on-start-list' | null;
}

export interface DatabaseSchema {
  setting: SettingTable;
  auth_attempt: AuthAttemptTable;
  auth_attempt_gate: AuthAttemptGateTable;
  user: AuthUserTable;
  session: AuthSessionTable;
  client: ClientTable;
  email_token: EmailTokenTable;
  verification: AuthVerificationTable;
  media: MediaTable;
  media_version: MediaVersionTable;
  job: JobTable;
  agreement: AgreementTable;
  gallery_mode: GalleryModeTable;
  pick: PickTable;
  client_order: ClientOrderTable;
  client_order_item: ClientOrderItemTable;
  client_order_event: ClientOrderEventTable;
  event: EventTable;
  event_class: EventClassTable;
  event_entry: EventEntryTable;
  event_camera: EventCameraTable;
  event_photo: EventPhotoTable;
  booking_request: BookingRequestTable;
  admin_notice: AdminNoticeTable;
  lease: LeaseTable;
  photos_ready_sending: PhotosReadySendingTable;
  photos_ready_item: PhotosReadyItemTable;
  rate_limit: RateLimitTable;
  counter: CounterTable;
  receipt: ReceiptTable;
  api_key: ApiKeyTable;
  rider_subscription: RiderSubscriptionTable;
  event_photo_reading: EventPhotoReadingTable;
}
