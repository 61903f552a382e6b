import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface RunningS3rver {
  endpoint: string;
  bucket: string;
  stop: () => Promise<void>;
}

/**
 * Starts s3rver on a free loopback port with an empty bucket, in a child process (see s3rver-process.mjs), for tests
 * that need real S3 protocol traffic. Known gaps of the fake: no signature checks, no ListParts, and CommonPrefixes
 * are wrong for keys two or more levels below the prefix.
 */
export async function startS3rver(bucket = 'media'): Promise<RunningS3rver> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-s3rver-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 's3rver-process.mjs'), directory, bucket],
    {
      env: { ...process.env, NODE_OPTIONS: '--openssl-legacy-provider' },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`s3rver exited early with code ${code}`)));
    if (!child.stdout) return reject(new Error('s3rver has no stdout'));
    createInterface({ input: child.stdout }).once('line', (line) =>
      resolve((JSON.parse(line) as { port: number }).port),
    );
  });
  child.removeAllListeners('exit');
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    stop: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
