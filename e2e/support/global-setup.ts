import { startServer } from './server';

export { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './server';

/**
 * Starts the shared server for the browser tests. The URL and folder reach the tests through the environment, which
 * Playwright passes on to its workers.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_SERVER_PID = String(server.pid);
  return server.stop;
}
