import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createTestAppWithAdmin, type TestApp } from '../harness';
import type { TestClient } from '../test-client';
import { projectRoot } from './server-process';

/** The sync command as a photographer runs it, a child process with its own output. */
export interface SyncProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Waits until the output contains `text` (fails after `timeoutMs` with the output so far). */
  waitFor: (text: string | RegExp, timeoutMs?: number) => Promise<void>;
}

export function startSync(args: string[], env: { GALLERY_URL: string; GALLERY_API_KEY: string }): SyncProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/sync.ts', ...args], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    async waitFor(text, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      const found = () => (typeof text === 'string' ? output.includes(text) : text.test(output));
      while (!found()) {
        if (Date.now() > deadline) throw new Error(`sync never printed ${text}; it printed:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** Runs the command to its end: its exit code and everything it printed. */
export async function runSync(
  args: string[],
  env: { GALLERY_URL: string; GALLERY_API_KEY: string },
): Promise<{ code: number | null; output: string }> {
  const run = startSync(args, env);
  const code = await run.exited;
  return { code, output: run.output() };
}

/** A listening test app with an API key and an event to sync into. */
export async function startSyncTarget(): Promise<{
  t: TestApp;
  admin: TestClient;
  url: string;
  key: string;
  event: { id: string; slug: string };
}> {
  const { t, admin } = await createTestAppWithAdmin('sqlite', {
    email: 'photographer@example.com',
    password: 'sync-target-secret',
  });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { key } = (await admin.post('/api/admin/api-keys', { name: 'Laptop' })).json();
  const created = await admin.post('/api/admin/events', {
    name: 'Spring Show',
    date: '2026-05-14',
    slug: 'spring-show',
  });
  if (created.statusCode !== 201) throw new Error(`event not created: ${created.body}`);
  return { t, admin, url, key, event: created.json() };
}

/** The sync command's state file of a folder. */
export function readSyncState(folder: string): {
  targets: Record<string, { sent: string[]; uploads: Record<string, string>; queue: string[] }>;
} {
  return JSON.parse(fs.readFileSync(path.join(folder, '.gallery-sync', 'state.json'), 'utf8'));
}
