import type { Migration } from 'kysely';
import * as m001settings from './001_settings';
import * as m002authAttempts from './002_auth_attempts';
import * as m003media from './003_media';
import * as m004mediaJobs from './004_media_jobs';
import * as m005agreements from './005_agreements';
import * as m006mediaTrash from './006_media_trash';
import * as m007mediaCrc32 from './007_media_crc32';
import * as m008clients from './008_clients';
import * as m009proofing from './009_proofing';
import * as m010events from './010_events';
import * as m011mediaTrashIndex from './011_media_trash_index';
import * as m012bookingRequests from './012_booking_requests';
import * as m013sharedLimits from './013_shared_limits';
import * as m014photosReadySendings from './014_photos_ready_sendings';
import * as m015rateLimits from './015_rate_limits';
import * as m017authAttemptGates from './017_auth_attempt_gates';
import * as m018counters from './018_counters';
import * as m019orderPayments from './019_order_payments';
import * as m020receipts from './020_receipts';
import * as m021mediaVersions from './021_media_versions';
import * as m022clientIncludedPicks from './022_client_included_picks';
import * as m023numberReadings from './023_number_readings';
import * as m024apiKeys from './024_api_keys';
import * as m025riderSubscriptions from './025_rider_subscriptions';
import * as m026jobPriorities from './026_job_priorities';

/**
 * Every migration, by name; the name is the file's. Names sort in the order they run, each number once. Never edit a
 * migration that has shipped; renaming one needs an entry in RENAMED_MIGRATIONS, so databases that recorded the old
 * name do not run it again.
 */
export const migrations: Record<string, Migration> = {
  '001_settings': m001settings,
  '002_auth_attempts': m002authAttempts,
  '003_media': m003media,
  '004_media_jobs': m004mediaJobs,
  '005_agreements': m005agreements,
  '006_media_trash': m006mediaTrash,
  '007_media_crc32': m007mediaCrc32,
  '008_clients': m008clients,
  '009_proofing': m009proofing,
  '010_events': m010events,
  '011_media_trash_index': m011mediaTrashIndex,
  '012_booking_requests': m012bookingRequests,
  '013_shared_limits': m013sharedLimits,
  '014_photos_ready_sendings': m014photosReadySendings,
  '015_rate_limits': m015rateLimits,
  '017_auth_attempt_gates': m017authAttemptGates,
  '018_counters': m018counters,
  '019_order_payments': m019orderPayments,
  '020_receipts': m020receipts,
  '021_media_versions': m021mediaVersions,
  '022_client_included_picks': m022clientIncludedPicks,
  '023_number_readings': m023numberReadings,
  '024_api_keys': m024apiKeys,
  '025_rider_subscriptions': m025riderSubscriptions,
  '026_job_priorities': m026jobPriorities,
};

/**
 * Names earlier releases recorded (in Kysely's `kysely_migration` table) → the names of today. Three migrations once
 * shared the number 002, and the ones after them were numbered on from there. The renaming keeps their order, so a
 * database's history reads the same under the new names. migrateToLatest renames the records before it migrates.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  '002_media': '003_media',
  '002_media_jobs': '004_media_jobs',
  '003_agreements': '005_agreements',
  '004_media_trash': '006_media_trash',
  '005_media_crc32': '007_media_crc32',
  '006_clients': '008_clients',
};
