import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '../..');

export const E2E_ADMIN_EMAIL = 'photographer@example.com';
export const E2E_ADMIN_PASSWORD = 'e2e-Admin-Passw0rd!';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not become healthy within 60 s:\n${log()}`);
}

/**
 * Starts the real server (built web app, SQLite, disk storage, outbox mail) on a free port with a fresh DATA_DIR.
 * The URL and folder reach the tests through the environment, which Playwright passes on to its workers.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!fs.existsSync(path.join(projectRoot, 'dist', 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` before the browser tests (npm run test:e2e does).');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      DEMO_CONTENT: 'true',
      ADMIN_EMAIL: E2E_ADMIN_EMAIL,
      ADMIN_INITIAL_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await waitForHealth(baseUrl, child, () => output);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_SERVER_PID = String(child.pid);

  return async () => {
    child.kill('SIGTERM');
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (process.env.E2E_KEEP_DATA !== '1') fs.rmSync(dataDir, { recursive: true, force: true });
    if (output.includes('"level":50') || output.includes('"level":60')) {
      console.warn(`server errors were logged during the browser tests:\n${output}`);
    }
  };
}
