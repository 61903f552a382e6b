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
const ready = Boolean(process.env.TEST_DATABASE_URL) && findNginx() !== null;
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

/** Uploads `bytes` with tus-js-client in six chunks, each PATCH a request of its own through the proxy. */
function tusUpload(
  client: ProxyClient,
  bytes: Buffer,
  metadata: Record<string, string>,
): Promise<{ response: HttpResponse; url: string }> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(bytes, {
      endpoint: `${client.url}${UPLOAD_PATH}`,
      headers: client.headers(),
      // At least six PATCHes, so round robin has something to alternate.
      chunkSize: Math.ceil(bytes.length / 6),
      retryDelays: [0, 500, 1000, 2000, 4000],
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
describe.skipIf(!ready)('several instances on one database and one bucket, behind a round-robin proxy', () => {
  const temp = makeTempDir('gallery-instances-');
  const cleanups: Array<() => Promise<unknown>> = [];
  let databaseUrl: string;
  let s3: RunningS3rver;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let proxy: RoundRobinProxy;
  let instances: ServerProcess[] = [];

  beforeAll(async () => {
    const schema = await makePostgresSchema();
    cleanups.push(schema.drop);
    databaseUrl = schema.url;
    s3 = await startS3rver();
    cleanups.push(s3.stop);
    mail = await startMailCatcher();
    cleanups.push(mail.close);
    const ports = [await freePort(), await freePort()];
    proxy = await startRoundRobinProxy(ports.map((port) => `http://127.0.0.1:${port}`));
    cleanups.push(proxy.stop);
    const env = { ...sharedEnv(databaseUrl, s3, proxy.url), SMTP_URL: mail.url };
    // Both at once, on an empty database.
    instances = await startAll(ports.map((port, i) => [path.join(temp.dir, `instance-${i}`), port, { env }]));
  }, 400_000);

  afterAll(async () => {
    for (const instance of instances) await stopServerProcess(instance.child, 'SIGKILL');
    for (const cleanup of cleanups.reverse()) await cleanup();
    temp.remove();
  });

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
});

describe.skipIf(!ready)('three instances started at once on an empty database', () => {
  it('all come up, with one admin and the demo content installed once', async () => {
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
