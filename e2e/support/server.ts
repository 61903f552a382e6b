import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServerProcess, stopServerProcess, webDistDir } from '../../server/test/support/server-process';

export const E2E_ADMIN_EMAIL = 'photographer@example.com';
export const E2E_ADMIN_PASSWORD = 'e2e-Admin-Passw0rd!';

export interface RunningServer {
  url: string;
  dataDir: string;
  pid: number | undefined;
  stop: () => Promise<void>;
}

/**
 * Starts the real server (built web app, SQLite, disk storage, outbox mail) on a free port with a fresh DATA_DIR.
 * The shared server of global-setup is one; a suite whose sign-ups would run into the shared server's per-address
 * limits starts its own.
 */
export async function startServer(
  options: { demoContent?: boolean; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(webDistDir(), 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` before the browser tests (npm run test:e2e does).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-e2e-'));
  const server = await startServerProcess(dataDir, await freePort(), {
    admin: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
    demoContent: options.demoContent ?? true,
    env: options.env,
    // Browser suites start their servers while other suites run: a busy machine needs longer than one alone.
    startTimeoutMs: 180_000,
  });
  const stop = async () => {
    await stopServerProcess(server.child);
    if (process.env.E2E_KEEP_DATA !== '1') fs.rmSync(dataDir, { recursive: true, force: true });
    const output = server.output();
    if (output.includes('"level":50') || output.includes('"level":60')) {
      console.warn(`server errors were logged during the browser tests:\n${output}`);
    }
  };
  return { url: server.url, dataDir, pid: server.child.pid, stop };
}
