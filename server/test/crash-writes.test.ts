import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/schemas/session';
import { writeTestJpeg } from '../media/test-images';
import { UPLOAD_PATH } from '../uploads/tus-uploads';
import { linkTokenFromOutbox } from './email-links';
import { makeTempDir } from './harness';
import { until } from './support/ingest';
import { type Answer, LoopbackClient } from './support/loopback-client';
import {
  freePort,
  PROCESS_ADMIN,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from './support/server-process';
import { encodeTusMetadata } from './support/tus';

/** Client accounts that accept the terms; each has its own address, so per-IP limits are never reached. */
const CLIENTS = 10;
/** Acceptances per client: half the limit of POST /api/agreements per address and minute (server/auth/limits.ts). */
const AGREEMENTS_PER_CLIENT = 10;
/** Picks, each of a different photo of the proofing client's folder. */
const PICKS = 100;
/** The server is killed once this many writes were acknowledged and every request has been sent. */
const KILL_AFTER_ACKNOWLEDGED = 50;

/** A start on a busy two-core machine may take longer than the default minute. */
const START_TIMEOUT_MS = 180_000;

const TUS = { 'tus-resumable': '1.0.0' };

interface Write {
  kind: 'agreement' | 'pick';
  userId: string;
  /** The photo a pick chooses. */
  mediaId?: string;
  send: (onSent: () => void) => Promise<Answer>;
}

type Outcome = { write: Write; answer: Answer } | { write: Write; error: Error };

/** Signs a client up from its own address and opens the verification link from the outbox. */
async function verifiedClient(serverUrl: string, dataDir: string, address: string, email: string) {
  const client = new LoopbackClient(serverUrl, address);
  await client.json('POST', '/api/auth/sign-up', { email, password: 'riding at dawn, every day' });
  const token = await linkTokenFromOutbox(dataDir, email, 'verify-email');
  await client.json('POST', '/api/auth/verify-email', { token });
  const user = await client.json<SessionUser | null>('GET', '/api/session');
  if (!user?.emailVerified || !user.folder) throw new Error(`not verified: ${JSON.stringify(user)}`);
  return { client, user: { ...user, folder: user.folder } };
}

/** Uploads a small JPEG into `folder` as the admin (tus creation, then one PATCH) and answers its media id. */
async function uploadPhoto(admin: LoopbackClient, scratchDir: string, folder: string, n: number): Promise<string> {
  // A different width each, so no two files are the same bytes.
  const file = await writeTestJpeg(path.join(scratchDir, `ride-${n}.jpg`), 80 + n, 60);
  const bytes = fs.readFileSync(file);
  const metadata = encodeTusMetadata({ filename: `ride-${n}.jpg`, filetype: 'image/jpeg', folder });
  const created = await admin.sendBytes('POST', UPLOAD_PATH, {
    ...TUS,
    'upload-length': String(bytes.length),
    'upload-metadata': metadata,
  });
  const location = created.headers.location;
  if (created.status !== 201 || !location) throw new Error(`upload refused: ${created.status} ${created.text}`);
  const finished = await admin.sendBytes(
    'PATCH',
    new URL(location, admin.serverUrl).pathname,
    { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    bytes,
  );
  const id = finished.headers['x-media-id'];
  if (finished.status !== 204 || typeof id !== 'string') throw new Error(`upload failed: ${finished.status}`);
  return id;
}

/** Runs `task` over `items`, `width` at a time (uploads one after another would be slow; all at once, wasteful). */
async function inBatches<T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width) {
    results.push(...(await Promise.all(items.slice(start, start + width).map(task))));
  }
  return results;
}

/**
 * Sends every write at once and kills the server with SIGKILL as soon as enough were acknowledged and all had been
 * sent, so the rest are inside the server when it dies. Answers each write's answer or connection error.
 */
async function fireAndKill(writes: Write[], server: ServerProcess): Promise<Outcome[]> {
  let sent = 0;
  let acknowledged = 0;
  const killWhenDue = () => {
    const due = sent === writes.length && acknowledged >= KILL_AFTER_ACKNOWLEDGED;
    if (due && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  };
  const outcomes = await Promise.all(
    writes.map((write) =>
      write
        .send(() => {
          sent++;
          killWhenDue();
        })
        .then(
          (answer): Outcome => {
            if (answer.status >= 200 && answer.status < 300) acknowledged++;
            killWhenDue();
            return { write, answer };
          },
          (error: Error): Outcome => ({ write, error }),
        ),
    ),
  );
  await stopServerProcess(server.child, 'SIGKILL');
  return outcomes;
}

// The visitors speak from addresses across 127.0.0.0/8, which only Linux answers on the loopback interface without
// configuration; CI runs on Linux.
describe.skipIf(process.platform !== 'linux')('kill -9 during 200 concurrent writes on SQLite', () => {
  const temp = makeTempDir('gallery-crash-writes-');
  const dataDir = path.join(temp.dir, 'data');
  let server: ServerProcess | undefined;

  afterAll(async () => {
    if (server) await stopServerProcess(server.child, 'SIGKILL');
    temp.remove();
  });

  it('keeps the database whole and every acknowledged agreement and pick', async () => {
    const port = await freePort();
    server = await startServerProcess(dataDir, port, { startTimeoutMs: START_TIMEOUT_MS });
    const url = server.url;

    // The accounts, each speaking from an address of its own in 127.0.1.0/24.
    const admin = new LoopbackClient(url, '127.0.1.1');
    await admin.json('POST', '/api/auth/sign-in', PROCESS_ADMIN);
    const clients = [];
    for (let n = 0; n < CLIENTS; n++) {
      clients.push(await verifiedClient(url, dataDir, `127.0.1.${n + 2}`, `rider-${n}@example.com`));
    }

    // The first client's folder holds a photo for each pick, and is open for choosing.
    const picker = clients[0];
    if (!picker) throw new Error('no client');
    const mediaIds = await inBatches([...Array(PICKS).keys()], 4, (n) =>
      uploadPhoto(admin, temp.dir, picker.user.folder, n),
    );
    const folderMedia = `/api/admin/folders/${encodeURIComponent(picker.user.folder)}/media`;
    await until(
      async () => {
        const { items } = await admin.json<{ items: Array<{ status: string }> }>('GET', folderMedia);
        return items.filter((item) => item.status === 'ready').length === PICKS;
      },
      `${PICKS} photos to be ready`,
      300_000,
    );
    await admin.json('PATCH', `/api/admin/folders/${encodeURIComponent(picker.user.folder)}`, { mode: 'proofing' });

    const { terms } = await picker.client.json<{ terms: { version: string } }>('GET', '/api/agreements/current?lng=he');
    const acceptance = { language: 'he', termsVersion: terms.version };

    // Agreements and picks interleaved, so both are in flight when the server dies.
    const agreements: Write[] = clients.flatMap(({ client, user }) =>
      Array.from({ length: AGREEMENTS_PER_CLIENT }, () => ({
        kind: 'agreement' as const,
        userId: user.id,
        send: (onSent: () => void) => client.request('POST', '/api/agreements', acceptance, { onSent }),
      })),
    );
    const picks: Write[] = mediaIds.map((mediaId) => ({
      kind: 'pick' as const,
      userId: picker.user.id,
      mediaId,
      send: (onSent: () => void) => picker.client.request('PUT', `/api/me/picks/${mediaId}`, undefined, { onSent }),
    }));
    const writes = agreements.flatMap((agreement, i) => [agreement, ...(picks[i] ? [picks[i]] : [])]);
    expect(writes).toHaveLength(200);

    const outcomes = await fireAndKill(writes, server);
    const answered = outcomes.filter((o): o is Extract<Outcome, { answer: Answer }> => 'answer' in o);
    const unanswered = outcomes.filter((o): o is Extract<Outcome, { error: Error }> => 'error' in o);
    // Every answer that came was a success: a refusal (a 429 of a limit, a 500) is not a write and would blur the test.
    expect(answered.filter(({ answer }) => answer.status >= 300).map(({ answer }) => answer.text)).toEqual([]);
    const acknowledged = answered.filter(({ answer }) => answer.status >= 200 && answer.status < 300);
    // The kill landed in the middle: some writes were acknowledged, and others never got an answer.
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    expect(unanswered.length, 'writes left without an answer by the kill').toBeGreaterThan(0);

    server = await startServerProcess(dataDir, port, { startTimeoutMs: START_TIMEOUT_MS });

    // The file itself: SQLite finds nothing wrong with it.
    const sqlite = new SQLite(path.join(dataDir, 'app.db'), { readonly: true, fileMustExist: true });
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');

      // Every acknowledged agreement is stored under the id it was answered with, for its account.
      const ackedAgreements = acknowledged.filter(({ write }) => write.kind === 'agreement');
      const storedAgreement = sqlite.prepare('SELECT user_id FROM agreement WHERE id = ?').pluck();
      for (const { write, answer } of ackedAgreements) {
        const { id } = JSON.parse(answer.text) as { id: string };
        expect(storedAgreement.get(id), `agreement ${id}`).toBe(write.userId);
      }

      // Every acknowledged pick is stored, and the client sees it.
      const ackedPicks = acknowledged.filter(({ write }) => write.kind === 'pick');
      const pickedIds = new Set(
        sqlite.prepare('SELECT media_id FROM pick WHERE account_id = ?').pluck().all(picker.user.id) as string[],
      );
      const shown = await picker.client.json<{ mediaIds: string[] }>('GET', '/api/me/picks');
      for (const { write } of ackedPicks) {
        expect(pickedIds.has(String(write.mediaId)), `pick ${write.mediaId}`).toBe(true);
        expect(shown.mediaIds).toContain(write.mediaId);
      }
      // Both kinds were acknowledged, so both were checked.
      expect(ackedAgreements.length).toBeGreaterThan(0);
      expect(ackedPicks.length).toBeGreaterThan(0);
    } finally {
      sqlite.close();
    }
    // Two server processes start, a hundred photos go through the pipeline and two hundred writes race a kill.
  }, 600_000);
});
