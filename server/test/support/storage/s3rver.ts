import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface RunningS3rver {
  endpoint: string;
  bucket: string;
  stop: () => Promise<void>;
  /** Stops the server but keeps its objects: the store is unreachable until `resume`. */
  pause: () => Promise<void>;
  /** Starts it again on the same port with the same objects: the store comes back. */
  resume: () => Promise<void>;
}

/** s3rver checks no signatures, so any key will do; these are its documented defaults. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** The app's environment for keeping its media in this s3rver bucket (path-style: s3rver has no bucket hostnames). */
export function s3rverEnv(s3: Pick<RunningS3rver, 'endpoint' | 'bucket'>): Record<string, string> {
  return {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/**
 * Starts s3rver on a free loopback port with an empty bucket, in a child process (see s3rver-process.mjs), for tests
 * that need real S3 protocol traffic. Known gaps of the fake: no signature checks, and CommonPrefixes are wrong for
 * keys two or more levels below the prefix (the multipart calls it lacks are added by s3rver-multipart.mjs).
 */
export async function startS3rver(bucket = 'media'): Promise<RunningS3rver> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-s3rver-'));
  let running = await launch(directory, bucket, 0);
  const port = running.port;
  let child: ChildProcess | null = running.child;
  const halt = async () => {
    if (!child) return;
    const stopping = child;
    child = null;
    const exited = new Promise<void>((resolve) => stopping.once('exit', () => resolve()));
    stopping.stdin?.end();
    const timer = setTimeout(() => stopping.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    stop: async () => {
      await halt();
      fs.rmSync(directory, { recursive: true, force: true });
    },
    pause: halt,
    resume: async () => {
      if (child) return;
      running = await launch(directory, bucket, port);
      child = running.child;
    },
  };
}

async function launch(directory: string, bucket: string, port: number): Promise<{ port: number; child: ChildProcess }> {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 's3rver-process.mjs'), directory, bucket, String(port)],
    {
      env: { ...process.env, NODE_OPTIONS: '--openssl-legacy-provider' },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const listening = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`s3rver exited early with code ${code}`)));
    if (!child.stdout) return reject(new Error('s3rver has no stdout'));
    createInterface({ input: child.stdout }).once('line', (line) =>
      resolve((JSON.parse(line) as { port: number }).port),
    );
  });
  child.removeAllListeners('exit');
  return { port: listening, child };
}
