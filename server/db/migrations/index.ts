import type { Migration } from 'kysely';
import * as m001 from './001_settings';
import * as m002 from './002_auth_attempts';
import * as m002media from './002_media';
import * as m002mediaJobs from './002_media_jobs';
import * as m003agreements from './003_agreements';
import * as m004mediaTrash from './004_media_trash';
import * as m005mediaCrc32 from './005_media_crc32';
import * as m006clients from './006_clients';

/** Every migration, by name. Names sort in the order they run; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '001_settings': m001,
  '002_auth_attempts': m002,
  '002_media': m002media,
  '002_media_jobs': m002mediaJobs,
  '003_agreements': m003agreements,
  '004_media_trash': m004mediaTrash,
  '005_media_crc32': m005mediaCrc32,
  '006_clients': m006clients,
};
