import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type HttpResponse, Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import { writeTestJpeg } from '../media/test-images';
import { UPLOAD_PATH } from '../uploads/tus-uploads';
import { makePostgresSchema, makeTempDir } from './harness';
import { startMailCatcher } from './mail-catcher';
import { type CuttableProxy, startCuttableProxy } from './support/cuttable-proxy';
import { until } from './support/ingest';
import { findNginx, type RoundRobinProxy, startRoundRobinProxy } from './support/nginx';
import {
  freePort,
  PROCESS_ADMIN,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from './support/server-process';
import { type RunningS3rver, s3rverEnv, startS3rver } from './support/storage/s3rver';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const missing = [
  ...(process.env.TEST_DATABASE_URL ? [] : ['PostgreSQL (TEST_DATABASE_URL)']),
  ...(findNginx() ? [] : ['nginx']),
];
/** Skipped on a machine without the tools; in CI, where they are installed (.ci/run), a missing one fails instead. */
const skip = missing.length > 0 && process.env.CI !== 'true';
function requireTools(): void {
  if (missing.length > 0) throw new Error(`these tests need ${missing.join(' and ')}`);
}
/** Short, so a killed instance's job is taken over within seconds. */
const JOB_LEASE_SECONDS = '3';

/** The configuration every instance shares: one PostgreSQL schema, one bucket, one secret, the proxy's address. */
function sharedEnv(databaseUrl: string, s3: RunningS3rver, publicUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    ...s3rverEnv(s3),
    PUBLIC_URL: publicUrl,
    JOB_LEASE_SECONDS,
    LOG_LEVEL: 'info',
  };
}

/** A client of the site through the proxy: keeps its cookies and sends the site's Origin, as a browser does. */
class ProxyClient {
  private cookies = new Map<string, string>();
  constructor(readonly url: string) {}

  headers(): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return { origin: this.url, ...(cookie ? { cookie } : {}) };
  }

  async request(method: string, pathname: string, body?: unknown): Promise<Response> {
    const res = await fetch(`${this.url}${pathname}`, {
      method,
      redirect: 'manual',
      headers: { ...this.headers(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }
}

/**
 * Uploads `bytes` with tus-js-client in six chunks, each PATCH a request of its own through the proxy; `retryDelays`
 * null: a request that fails ends the upload.
 */
function tusUpload(
  client: ProxyClient,
  bytes: Buffer,
  metadata: Record<string, string>,
  retryDelays: number[] | null = [0, 500, 1000, 2000, 4000],
): Promise<{ response: HttpResponse; url: string }> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(bytes, {
      endpoint: `${client.url}${UPLOAD_PATH}`,
      headers: client.headers(),
      // At least six PATCHes, so round robin has something to alternate.
      chunkSize: Math.ceil(bytes.length / 6),
      retryDelays,
      metadata,
      onSuccess: ({ lastResponse }) => resolve({ response: lastResponse, url: String(upload.url) }),
      onError: reject,
    });
    upload.start();
  });
}

/**
 * Starts the processes at the same moment and waits for all; if one fails, stops the others and throws its error.
 * Several processes compiling at once on a small machine take longer than one: each gets three minutes.
 */
async function startAll(
  launches: Array<[dataDir: string, port: number, options: Parameters<typeof startServerProcess>[2]]>,
): Promise<ServerProcess[]> {
  const settled = await Promise.allSettled(
    launches.map(([dataDir, port, options]) =>
      startServerProcess(dataDir, port, { ...options, startTimeoutMs: 180_000 }),
    ),
  );
  const failed = settled.find((result) => result.status === 'rejected');
  if (!failed) return settled.map((result) => (result as PromiseFulfilledResult<ServerProcess>).value);
  for (const result of settled)
    if (result.status === 'fulfilled') await stopServerProcess(result.value.child, 'SIGKILL');
  throw failed.reason;
}

const running = (instance: ServerProcess) => instance.child.exitCode === null && instance.child.signalCode === null;

interface Answer {
  path: string;
  status: number;
  retryAfter: string | null;
  code?: string;
}

/** GETs `paths` in turn through `client`, one request at a time, until stopped; resolves with what each got. */
function keepAsking(client: ProxyClient, paths: string[]): { answers: Answer[]; stop: () => Promise<Answer[]> } {
  const answers: Answer[] = [];
  let asking = true;
  const done = (async () => {
    for (let i = 0; asking; i++) {
      const path = paths[i % paths.length] ?? '/';
      try {
        const res = await client.request('GET', path);
        const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
        answers.push({ path, status: res.status, retryAfter: res.headers.get('retry-after'), code: body?.error?.code });
      } catch (error) {
        answers.push({ path, status: 0, retryAfter: null, code: String(error) });
      }
      // A steady trickle rather than a flood: the machine runs two instances, nginx and PostgreSQL.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    answers,
    stop: async () => {
      asking = false;
      await done;
      return answers;
    },
  };
}

async function query<T>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

// Needs PostgreSQL (TEST_DATABASE_URL) and nginx for the round-robin proxy; .ci/run installs both, so CI runs it.
describe.skipIf(skip)('several instances on one database and one bucket, behind a round-robin proxy', () => {
  const temp = makeTempDir('gallery-instances-');
  const cleanups: Array<() => Promise<unknown>> = [];
  /** The test's own way in, straight to PostgreSQL; the instances go through `database`. */
  let databaseUrl: string;
  /**
   * Between the instances and PostgreSQL: a TCP proxy the test cuts to make the database go away. The shared server
   * cannot be restarted (other test files use it at the same time), and a private cluster would need root to switch
   * user and a local PostgreSQL install, where TEST_DATABASE_URL may point at another host. Cutting the proxy ends every
   * connection and refuses new ones, which is what a restart or a stop looks like to a client; the restart's own
   * notice on each connection (FATAL 57P01) is covered in server/db/database-outage.test.ts.
   */
  let database: CuttableProxy;
  let s3: RunningS3rver;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let proxy: RoundRobinProxy;
  let instances: ServerProcess[] = [];

  beforeAll(async () => {
    requireTools();
    const schema = await makePostgresSchema();
    cleanups.push(schema.drop);
    databaseUrl = schema.url;
    const server = new URL(schema.url);
    database = await startCuttableProxy({ host: server.hostname, port: Number(server.port || 5432) });
    cleanups.push(database.close);
    s3 = await startS3rver();
    cleanups.push(s3.stop);
    mail = await startMailCatcher();
    cleanups.push(mail.close);
    const ports = [await freePort(), await freePort()];
    proxy = await startRoundRobinProxy(ports.map((port) => `http://127.0.0.1:${port}`));
    cleanups.push(proxy.stop);
    const env = { ...sharedEnv(database.through(databaseUrl), s3, proxy.url), SMTP_URL: mail.url };
    // Both at once, on an empty database.
    instances = await startAll(ports.map((port, i) => [path.join(temp.dir, `instance-${i}`), port, { env }]));
  }, 400_000);

  afterAll(async () => {
    for (const instance of instances) await stopServerProcess(instance.child, 'SIGKILL');
    for (const cleanup of cleanups.reverse()) await cleanup();
    temp.remove();
  });

  it('rides out the database going away under traffic: 503 meanwhile, and every instance answers again by itself', async () => {
    const admin = new ProxyClient(proxy.url);
    expect((await admin.request('POST', '/api/auth/sign-in', PROCESS_ADMIN)).status).toBe(200);
    const traffic = keepAsking(admin, ['/api/health', '/api/session', '/api/admin/clients']);
    await until(async () => traffic.answers.length >= 6, 'traffic through the proxy');
    /** Each instance asked directly, with the admin's session: its health and a route that needs the database. */
    const ask = (instance: ServerProcess, pathname: string) => {
      if (!running(instance)) throw new Error(`an instance exited:\n${instance.output().slice(-3000)}`);
      return fetch(`${instance.url}${pathname}`, { headers: admin.headers() });
    };

    await database.cut();
    await until(
      async () => {
        for (const instance of instances) if ((await ask(instance, '/api/health')).status !== 503) return false;
        return true;
      },
      'every instance to find the database gone',
      30_000,
    );
    for (const instance of instances) {
      const health = await ask(instance, '/api/health');
      expect(health.status).toBe(503);
      expect(health.headers.get('retry-after')).toBe('5');
      expect(await health.json()).toEqual({
        status: 'unavailable',
        database: 'postgres',
        storage: 's3',
        checks: { database: 'down' },
        error: { code: 'database-unavailable', message: expect.any(String) },
      });
      const clients = await ask(instance, '/api/admin/clients');
      expect(clients.status).toBe(503);
      expect(clients.headers.get('retry-after')).toBe('5');
      expect(await clients.json()).toMatchObject({ error: { code: 'database-unavailable' } });
    }
    // Gone for a few seconds: until the background loops of both (the presence heartbeat, the job worker) met the
    // outage, logged it and carried on.
    await until(
      async () =>
        instances.every(
          (instance) =>
            instance.output().includes('presence not renewed') && instance.output().includes('could not claim a job'),
        ),
      'the heartbeat and the job worker of each instance to meet the outage',
      30_000,
    );

    await database.restore();
    // Back within 15 s of the database, without a restart.
    await until(
      async () => {
        for (const instance of instances) {
          const answers = await Promise.all(['/api/health', '/api/admin/clients'].map((p) => ask(instance, p)));
          if (answers.some((res) => res.status !== 200)) return false;
        }
        return true;
      },
      'every instance to answer again',
      15_000,
    );
    for (const instance of instances) {
      expect(await (await ask(instance, '/api/health')).json()).toMatchObject({ checks: { database: 'up' } });
    }
    // The heartbeats renew both presences again (an instance without SMTP beside them is refused, below).
    await until(
      async () =>
        (
          await query(databaseUrl, `select name from lease where name like 'instance:%' and expires_at > $1`, [
            Date.now(),
          ])
        ).length === 2,
      'both presences to be renewed',
      15_000,
    );
    const answers = await traffic.stop();
    expect(instances.filter(running)).toHaveLength(2);
    // Through the proxy, every answer was the site's: 200, or 503 with Retry-After, never a dead instance's 502.
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    const unavailable = answers.filter((answer) => answer.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(unavailable.filter((answer) => answer.retryAfter !== '5' || answer.code !== 'database-unavailable')).toEqual(
      [],
    );
    expect(answers.at(-1)?.status).toBe(200);
  }, 240_000);

  it('serves a sign-up, an upload sent to both, a download and a ZIP, and survives a kill -9 mid-ingest', async () => {
    // An instance without SMTP beside live ones refuses to start: its e-mails would stay in its own outbox.
    const lonely = startServerProcess(path.join(temp.dir, 'no-smtp'), await freePort(), {
      env: sharedEnv(databaseUrl, s3, proxy.url),
    });
    await expect(lonely).rejects.toThrow(/exited with 78[\s\S]*SMTP_URL: required when several instances/);

    // Sign-up with verification: the e-mail goes out by SMTP whichever instance answered.
    const rider = new ProxyClient(proxy.url);
    const email = 'rider@example.com';
    expect((await rider.request('POST', '/api/auth/sign-up', { email, password: 'a-long-pass-phrase' })).status).toBe(
      200,
    );
    // The photographer is told of the sign-up too, in whatever order the two e-mails leave.
    const letter = await mail.nextTo(email, 15_000);
    expect(letter.to).toEqual([email]);
    const token = /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(letter.text)?.[1];
    expect(token).toBeTruthy();
    expect((await rider.request('POST', '/api/auth/verify-email', { token })).status).toBe(200);
    const session = (await (await rider.request('GET', '/api/session')).json()) as { folder: string | null };
    expect(session.folder).toBeTruthy();

    // The admin uploads into the rider's folder; round robin sends the PATCHes to both instances in turn.
    const admin = new ProxyClient(proxy.url);
    expect((await admin.request('POST', '/api/auth/sign-in', PROCESS_ADMIN)).status).toBe(200);
    const photo = await writeTestJpeg(path.join(temp.dir, 'ride.jpg'), 1600, 1200);
    const photoBytes = fs.readFileSync(photo);
    const uploaded = await tusUpload(admin, photoBytes, {
      filename: 'ride.jpg',
      filetype: 'image/jpeg',
      folder: session.folder ?? '',
    });
    const mediaId = uploaded.response.getHeader('x-media-id');
    expect(mediaId).toBeTruthy();
    const uploadPath = new URL(uploaded.url, proxy.url).pathname;
    const patchesOfUpload = () => proxy.requests().filter((r) => r.method === 'PATCH' && r.uri === uploadPath);
    // nginx writes a request's log line after the answer has left, so the last one may land a moment later.
    await until(async () => patchesOfUpload().length >= 6, 'nginx to log the six PATCHes', 10_000).catch(() => {});
    const patches = patchesOfUpload();
    expect(patches.length).toBeGreaterThanOrEqual(6);
    expect(new Set(patches.map((r) => r.upstream)).size).toBe(2);
    expect(patches.every((r) => r.status === 204)).toBe(true);

    // The rider downloads it (a presigned redirect to the bucket) and the gallery's ZIP, through either instance.
    await until(async () => {
      const gallery = (await (await rider.request('GET', '/api/me/gallery')).json()) as {
        items: Array<{ id: string }>;
      };
      return gallery.items.some((item) => item.id === mediaId);
    }, 'the photo to be ready');
    const download = await rider.request('GET', `/api/media/${mediaId}/download`);
    expect(download.status).toBe(302);
    const original = Buffer.from(await (await fetch(String(download.headers.get('location')))).arrayBuffer());
    expect(sha256(original)).toBe(sha256(photoBytes));
    const zip = await rider.request('GET', '/api/me/gallery/archive');
    expect(zip.status).toBe(200);
    const archive = Buffer.from(await zip.arrayBuffer());
    expect(archive.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'binary'));
    expect(archive.includes(photoBytes.subarray(0, 4096))).toBe(true);

    // A large photo: kill -9 the instance whose worker is deriving it; the other takes the job over and finishes.
    const large = fs.readFileSync(await writeTestJpeg(path.join(temp.dir, 'large.jpg'), 6000, 4000));
    const second = await tusUpload(admin, large, {
      filename: 'large.jpg',
      filetype: 'image/jpeg',
      folder: MAIN_GALLERY_FOLDER,
    });
    const largeId = String(second.response.getHeader('x-media-id'));
    let holder = '';
    await until(async () => {
      const [job] = await query<{ status: string; locked_by: string | null }>(
        databaseUrl,
        `select status, locked_by from job where payload like $1`,
        [`%${largeId}%`],
      );
      holder = job?.status === 'running' ? (job.locked_by ?? '') : '';
      return holder !== '';
    }, 'the derive job to start');
    const victim = instances.find((instance) => instance.output().includes(`"workerId":"${holder}"`));
    if (!victim) throw new Error(`no instance runs the worker ${holder}`);
    await stopServerProcess(victim.child, 'SIGKILL');
    const survivor = instances.find((instance) => instance !== victim);
    // The item turns ready inside the job, a moment before the job itself is marked done: wait for both.
    await until(
      async () => {
        const [row] = await query<{ status: string }>(databaseUrl, 'select status from media where id = $1', [largeId]);
        const [job] = await query<{ status: string }>(databaseUrl, 'select status from job where payload like $1', [
          `%${largeId}%`,
        ]);
        return row?.status === 'ready' && job?.status !== 'running';
      },
      'the other instance to finish the job',
      90_000,
    );
    const [job] = await query<{ status: string; locked_by: string; attempts: number }>(
      databaseUrl,
      'select status, locked_by, attempts from job where payload like $1',
      [`%${largeId}%`],
    );
    expect(job).toMatchObject({ status: 'done' });
    expect(job?.attempts).toBeGreaterThanOrEqual(2);
    expect(survivor?.output()).toContain('"workerId"');
  }, 240_000);

  it('with an instance down, every request through the proxy still succeeds, a tus upload without retries too', async () => {
    // The test before killed one; alone, this one kills one itself.
    const [first, ...others] = instances.filter(running);
    if (first && others.length > 0) await stopServerProcess(first.child, 'SIGKILL');
    const survivor = instances.find(running);
    expect(instances.filter(running)).toHaveLength(1);

    // Round robin sends every other request to the dead instance: nginx must pass each on to the live one, POSTs
    // and PATCHes too, since a refused connection never carried them.
    const admin = new ProxyClient(proxy.url);
    expect((await admin.request('POST', '/api/auth/sign-in', PROCESS_ADMIN)).status).toBe(200);
    for (let i = 0; i < 6; i++) expect((await admin.request('GET', '/api/admin/clients')).status).toBe(200);
    const photo = fs.readFileSync(await writeTestJpeg(path.join(temp.dir, 'one-left.jpg'), 1200, 800));
    const uploaded = await tusUpload(
      admin,
      photo,
      { filename: 'one-left.jpg', filetype: 'image/jpeg', folder: MAIN_GALLERY_FOLDER },
      null,
    );
    expect(uploaded.response.getHeader('x-media-id')).toBeTruthy();
    const uploadPath = new URL(uploaded.url, proxy.url).pathname;
    await until(
      async () => proxy.requests().filter((r) => r.method === 'PATCH' && r.uri === uploadPath).length >= 6,
      'nginx to log the six PATCHes',
      10_000,
    );
    const patches = proxy.requests().filter((r) => r.method === 'PATCH' && r.uri === uploadPath);
    expect(patches.every((r) => r.status === 204 && r.upstream.endsWith(new URL(survivor?.url ?? '').host))).toBe(true);
  }, 120_000);
});

describe.skipIf(skip)('three instances started at once on an empty database', () => {
  it('all come up, with one admin and the demo content installed once', async () => {
    requireTools();
    const temp = makeTempDir('gallery-first-start-');
    const schema = await makePostgresSchema();
    const s3 = await startS3rver();
    const mail = await startMailCatcher();
    const ports = [await freePort(), await freePort(), await freePort()];
    let started: ServerProcess[] = [];
    try {
      const env = { ...sharedEnv(schema.url, s3, `http://127.0.0.1:${ports[0]}`), SMTP_URL: mail.url };
      started = await startAll(
        ports.map((port, i) => [path.join(temp.dir, `instance-${i}`), port, { env, demoContent: true }]),
      );
      await until(
        async () => {
          const [marker] = await query<{ value: string }>(schema.url, `select value from setting where key = $1`, [
            'demo.content',
          ]);
          return marker !== undefined && JSON.parse(marker.value).state === 'done';
        },
        'the demo content',
        180_000,
      );
      const admins = await query(schema.url, 'select id from "user" where email = $1', [PROCESS_ADMIN.email]);
      expect(admins).toHaveLength(1);
      const demo = await query<{ name: string }>(schema.url, 'select name from media where is_demo = 1');
      const names = demo.map((row) => row.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names.filter((name) => name.endsWith('.jpg'))).toHaveLength(14);
      expect(names.length).toBeLessThanOrEqual(15);
      for (const instance of started) expect(instance.child.exitCode).toBeNull();
    } finally {
      for (const instance of started) await stopServerProcess(instance.child, 'SIGKILL');
      await mail.close();
      await s3.stop();
      await schema.drop();
      temp.remove();
    }
  }, 500_000);
});
