import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthModuleOptions, createAuthModule } from './auth/index';
import type { AppContext } from './context';
import { openDatabase } from './db/database';
import type { Config } from './env';
import { registerAuthorization } from './plugins/authorize';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSameOrigin } from './plugins/same-origin';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { createMediaUrls, loadMediaUrlKey } from './presenters/media-urls';
import { createAdminMediaRepository } from './repositories/admin-media-repository';
import { createAgreementRepository } from './repositories/agreement-repository';
import { createClientRepository } from './repositories/client-repository';
import { createEmailTokenRepository } from './repositories/email-token-repository';
import { createSettingsRepository } from './repositories/settings-repository';
import { adminRoutes } from './routes/admin/index';
import { agreementRoutes } from './routes/agreements/index';
import { authRoutes } from './routes/auth/index';
import { galleryRoutes } from './routes/gallery/index';
import { healthRoutes } from './routes/health/index';
import { homeRoutes } from './routes/home/index';
import { mediaRoutes } from './routes/media/index';
import { sessionRoutes } from './routes/session/index';
import { siteRoutes } from './routes/site/index';
import { storageApiRoutes } from './routes/storage/index';
import { createClientsAdmin } from './services/clients-admin';
import { startDemoContentAfterListen } from './services/demo-content';
import { createMediaRuntime } from './services/ingest-runtime';
import { createMediaAccess } from './services/media-access';
import { createStorage } from './storage/index';
import { uploadRoutes } from './uploads/index';

export interface BuildOptions {
  /** Where the built web app lives; defaults to dist/ at the project root. */
  webRoot?: string;
  /** Called for every route as it is registered (the authorization matrix test lists them this way). */
  onRoute?: (route: RouteOptions) => void;
  /** Account limits and hashing cost overrides (tests, benchmarks); production uses the defaults. */
  auth?: AuthModuleOptions;
}

const projectRoot = path.resolve(import.meta.dirname, '..');

/**
 * Builds the whole application for a configuration without listening, so tests can call `app.inject()` and the
 * process entry (main.ts) decides about ports and signals. Closing the app closes the database.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const database = await openDatabase(config.database);
  app.addHook('onClose', async () => database.close());

  const storage = createStorage(config.storage);
  const accounts = await createAuthModule({ config, database, logger: app.log, storage, options: options.auth }).catch(
    async (error: unknown) => {
      await database.close();
      throw error;
    },
  );
  app.addHook('onClose', async () => accounts.close());

  const media = createMediaRuntime({ database, storage, dataDir: config.dataDir, logger: app.log });
  const mediaUrls = createMediaUrls(loadMediaUrlKey(config.authSecret, config.dataDir));
  const ctx: AppContext = {
    config,
    database,
    logger: app.log,
    settings: createSettingsRepository(database.db),
    agreements: createAgreementRepository(database.db),
    storage,
    accounts: accounts.accounts,
    passwordResets: accounts.passwordResets,
    mailer: accounts.mailer,
    authLimits: accounts.limits,
    clientAccounts: accounts.clientAccounts,
    clientsAdmin: createClientsAdmin({
      auth: accounts.auth,
      clients: createClientRepository(database.db),
      tokens: createEmailTokenRepository(database.db),
      folders: createAdminMediaRepository(database.db),
      mailer: accounts.mailer,
      config,
      createPlaceholder: (folder) => accounts.clientAccounts.createPlaceholder(folder),
    }),
    media,
    mediaUrls,
    mediaAccess: createMediaAccess({ media: media.media, urls: mediaUrls }),
  };
  // The job worker runs while the app does; it stops (finishing the job in hand) before the database closes.
  app.addHook('onReady', async () => ctx.media.worker.start());
  app.addHook('preClose', async () => ctx.media.worker.stop());
  startDemoContentAfterListen(app, ctx);

  await registerSecurityHeaders(app, config);
  registerSameOrigin(app, config.publicUrl);
  registerAuthorization(app, ctx.accounts.sessionUser);
  await app.register(cookie);
  // Off by default; routes that need a limit (sign-in, reset) opt in with `config.rateLimit`.
  await app.register(rateLimit, { global: false });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(healthRoutes, { ctx });
  await app.register(sessionRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(siteRoutes, { ctx });
  await app.register(agreementRoutes, { ctx });
  await app.register(mediaRoutes, { ctx });
  await app.register(homeRoutes, { ctx });
  await app.register(galleryRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  await app.register(storageApiRoutes, { ctx });
  await app.register(uploadRoutes, { ctx });

  await registerWebApp(app, { root: options.webRoot ?? path.join(projectRoot, 'dist'), config });
  return app;
}
