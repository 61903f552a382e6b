import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS } from './production-runtime';

export const projectRoot = path.resolve(import.meta.dirname, '../../..');

export const PROCESS_ADMIN = { email: 'photographer@example.com', password: 'upload-process-secret' };

/** A free loopback port. */
export function freePort(): Promise<number> {
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

export interface ServerProcessOptions {
  /** The administrator created at the first start. */
  admin?: { email: string; password: string };
  /** Generate the demo gallery at the first start (off by default: most runs want an empty site). */
  demoContent?: boolean;
  /** More configuration (server/env.ts), e.g. BOOKING_FORM_URL; it wins over the defaults above. */
  env?: Record<string, string>;
  /** How long to wait for the health check to answer (60 s by default); several processes at once need longer. */
  startTimeoutMs?: number;
  /**
   * Run the built server (build/server.js, made by `npm run build:server`) as `npm start` does, with its flags and
   * environment (./production-runtime.ts), instead of the sources through tsx: for measuring what production holds in
   * memory.
   */
  built?: boolean;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far, for a failure message. */
  output: () => string;
}

/**
 * The real server as a separate process (server/main.ts) on a given DATA_DIR and port, on the embedded defaults
 * (SQLite, disk, outbox mail), for what an in-process app cannot show: a kill -9 in the middle of an upload, the
 * server's own memory during a large one, and the browser journeys.
 */
export async function startServerProcess(
  dataDir: string,
  port: number,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  const admin = options.admin ?? PROCESS_ADMIN;
  let output = '';
  const entry = options.built ? [...PRODUCTION_NODE_FLAGS, 'build/server.js'] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      // Required with PostgreSQL or S3 (server/env.ts); several processes of one test share it.
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      DEMO_CONTENT: options.demoContent ? 'true' : 'false',
      ADMIN_EMAIL: admin.email,
      ADMIN_INITIAL_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      ...(options.built ? PRODUCTION_ENV : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      // Not left running behind the failed test.
      await stopServerProcess(child, 'SIGKILL');
      throw new Error(`the server did not start within ${timeoutMs / 1000} s:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops a server process by its id and waits until it has exited. */
export async function stopServerProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** Signs the admin in and returns the headers a script needs: the session cookie and the site's Origin. */
export async function adminHeaders(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: PROCESS_ADMIN.email, password: PROCESS_ADMIN.password }),
  });
  if (!res.ok) throw new Error(`admin sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, origin: url };
}

/** The stored original of a media item on the disk driver (DATA_DIR/media/<folder>/<name>). */
export function storedOriginalPath(dataDir: string, folder: string, name: string): string {
  const file = path.join(dataDir, 'media', folder, name);
  if (!fs.existsSync(file)) throw new Error(`no stored original at ${file}`);
  return file;
}

/** The journeys check for the built web app where the server will look for it. */
export { webDistDir } from '../../web-dist';
