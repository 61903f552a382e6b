import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AuthModuleOptions, composeServices } from './composition/index';
import { openDatabase } from './db/database';
import type { Config } from './env';
import { loggerOptions, RequestsAtDebug } from './logging';
import { registerAuthorization } from './plugins/authorize';
import { registerErrorHandler } from './plugins/error-handler';
import { databaseRateLimitStore } from './plugins/rate-limit-store';
import { registerSameOrigin } from './plugins/same-origin';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { adminRoutes } from './routes/admin/index';
import { agreementRoutes } from './routes/agreements/index';
import { authRoutes } from './routes/auth/index';
import { bookingRoutes } from './routes/booking/index';
import { eventRoutes } from './routes/events/index';
import { galleryRoutes } from './routes/galleries/index';
import { healthRoutes } from './routes/health/index';
import { homeRoutes } from './routes/home/index';
import { mediaRoutes } from './routes/media/index';
import { proofingRoutes } from './routes/proofing/index';
import { sessionRoutes } from './routes/session/index';
import { siteRoutes } from './routes/site/index';
import { storageApiRoutes } from './routes/storage/index';
import { uploadRoutes } from './routes/uploads/index';
import type { ReadNumbers } from './services/events/read-numbers-job';
import { startDemoContentAfterListen } from './services/site/demo-content';
import type { RenderLimit } from './ssr/render-limit';
import { createStorage } from './storage/index';
import { webDistDir } from './web-dist';

export interface BuildOptions {
  /** Where the built web app lives; defaults to dist/ at the project root. */
  webRoot?: string;
  /** Called for every route as it is registered (the authorization matrix test lists them this way). */
  onRoute?: (route: RouteOptions) => void;
  /** Account limits and hashing cost overrides (tests, benchmarks); production uses the defaults. */
  auth?: AuthModuleOptions;
  /** How many pages the server renders for one client address per window (tests); DEFAULT_RENDER_LIMIT otherwise. */
  pageRenders?: RenderLimit;
  /** What reads an event photo's start numbers (tests pass a fake; see CompositionInput.readNumbers). */
  readNumbers?: ReadNumbers;
}

/**
 * Builds the whole application for a configuration without listening, so tests can call `app.inject()` and the
 * process entry (main.ts) decides about ports and signals. Closing the app closes the database.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    // Fastify's own two lines per request at info would drown everything else.
    logController: new RequestsAtDebug(),
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
  const { ctx, demo, background, close } = await composeServices({
    config,
    database,
    storage,
    logger: app.log,
    auth: options.auth,
    readNumbers: options.readNumbers,
  }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  app.addHook('onClose', async () => close());
  // The job worker and the daily tasks run while the app does; they stop (finishing the work in hand) before the
  // database closes.
  app.addHook('onReady', async () => background.start());
  app.addHook('preClose', async () => background.stop());
  startDemoContentAfterListen(app, demo);

  registerSecurityHeaders(app, config);
  registerSameOrigin(app, config.publicUrl);
  registerAuthorization(app, { session: ctx.accounts.sessionUser, apiKey: ctx.apiKeys.userOfKey });
  await app.register(cookie);
  // Off by default; routes that need a limit (sign-in, reset) opt in with `config.rateLimit`. Counted in the database,
  // so every instance adds to one total and a restart keeps it.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db) });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(healthRoutes, { ctx });
  await app.register(sessionRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(siteRoutes, { ctx });
  await app.register(agreementRoutes, { ctx });
  await app.register(bookingRoutes, { ctx });
  await app.register(mediaRoutes, { ctx });
  await app.register(homeRoutes, { ctx });
  await app.register(galleryRoutes, { ctx });
  await app.register(proofingRoutes, { ctx });
  await app.register(eventRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
  await app.register(storageApiRoutes, { ctx });
  await app.register(uploadRoutes, { ctx });

  await registerWebApp(app, { root: options.webRoot ?? webDistDir(), config, ctx, renderLimit: options.pageRenders });
  return app;
}
