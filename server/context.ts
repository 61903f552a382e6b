import type { FastifyBaseLogger } from 'fastify';
import type { AccountService } from './auth/account-service';
import type { AuthLimits } from './auth/limits';
import type { ResetService } from './auth/reset-service';
import type { Database } from './db/database';
import type { Config } from './env';
import type { Mailer } from './mail/mailer';
import type { MediaUrls } from './presenters/media-urls';
import type { AgreementRepository } from './repositories/agreement-repository';
import type { SettingsRepository } from './repositories/settings-repository';
import type { ClientAccounts } from './services/client-accounts';
import type { ClientsAdmin } from './services/clients-admin';
import type { MediaRuntime } from './services/ingest-runtime';
import type { MediaAccess } from './services/media-access';
import type { Storage } from './storage/storage';

/**
 * Everything a route needs, built once in buildApp and handed to each route plugin.
 * Services take only the parts they use, so tests can pass small fakes.
 */
export interface AppContext {
  config: Config;
  database: Database;
  logger: FastifyBaseLogger;
  settings: SettingsRepository;
  /** The audit trail of accepted booking terms. */
  agreements: AgreementRepository;
  /** Media bytes: local disk or S3, chosen once at boot from config.storage. */
  storage: Storage;
  /** Sign-up, sign-in, sign-out, password change and the session lookup (server/auth). */
  accounts: AccountService;
  /** Forgotten-password requests and both ways to reset (link and 6-digit code). */
  passwordResets: ResetService;
  /** Outgoing e-mail: SMTP_URL, or .eml files in DATA_DIR/outbox. */
  mailer: Mailer;
  /** Each account's client and gallery, address verification and invitations (server/services/client-accounts.ts). */
  clientAccounts: ClientAccounts;
  /** The photographer's clients: add, invite, change address, remove, give an unowned folder. */
  clientsAdmin: ClientsAdmin;
  /** The one rule deciding who may read a media item (server/services/media-access.ts). */
  mediaAccess: MediaAccess;
  /** Per-IP and per-account attempt limits of the account routes. */
  authLimits: AuthLimits;
  /** Media rows, durable jobs, `ingest.ingestFile()` for finished uploads, and the job worker (server/services). */
  media: MediaRuntime;
  /** `/media/<id>/<file>` URLs, signed for private items (server/presenters/media-urls.ts). */
  mediaUrls: MediaUrls;
}
