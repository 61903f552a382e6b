import fs from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './env';

/** Connections waiting to be accepted; see the listen call. */
const LISTEN_BACKLOG = 4096;

/** The process: read the configuration, listen, and close cleanly on SIGTERM/SIGINT so no write is cut off. */
async function main(): Promise<void> {
  // A .env file in the working folder is read if present; variables already set in the environment win.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // A crowd arriving at once (a class's results going out) opens thousands of connections in a second. With Node's
  // default queue of 511 waiting connections the kernel drops the rest, and each dropped one is retried by its
  // browser only after 1, 3, 7, 15 s: pages that "hang". The kernel caps this at net.core.somaxconn.
  const address = await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  // The one line a person starting the server looks for: where to open it (and where it really listens, behind a proxy).
  app.log.info({ address }, `${config.siteName} is ready at ${config.publicUrl} (listening on ${address})`);
}

main().catch((error: unknown) => {
  // Found only once the database is reached (e.g. SMTP missing beside another instance): said as plainly as above.
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  console.error(error);
  process.exit(1);
});
