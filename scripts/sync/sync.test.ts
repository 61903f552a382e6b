import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/database';
import { writeTestJpeg } from '../../server/media/test-images';
import { eventFolder } from '../../server/services/events/events';
import { makeTempDir, type TestApp } from '../../server/test/harness';
import { until } from '../../server/test/support/ingest';
import { readSyncState, runSync, startSync, startSyncTarget } from '../../server/test/support/sync-cli';
import { startThrottledProxy, type ThrottledProxy } from '../../server/test/support/throttled-proxy';
import { mediaIdOfUpload } from '../../server/uploads/tus-uploads';

/** Three different small photos and a file that is no photo (never sent). */
async function fillFolder(folder: string): Promise<void> {
  await writeTestJpeg(path.join(folder, 'a.jpg'), 400, 300);
  await writeTestJpeg(path.join(folder, 'b.jpg'), 401, 300);
  fs.mkdirSync(path.join(folder, 'round-2'));
  await writeTestJpeg(path.join(folder, 'round-2', 'c.JPG'), 402, 300);
  fs.writeFileSync(path.join(folder, 'notes.txt'), 'not a photo');
}

describe('npm run sync', () => {
  let t: TestApp;
  let url: string;
  let key: string;
  let event: { id: string; slug: string };
  let observer: Database;
  const temp = makeTempDir('sync-folder-');

  const env = () => ({ GALLERY_URL: url, GALLERY_API_KEY: key });
  const eventItems = () =>
    observer.db
      .selectFrom('media')
      .select(['id', 'name', 'md5_hash'])
      .where('folder', '=', eventFolder(event.id))
      .execute();

  beforeAll(async () => {
    ({ t, url, key, event } = await startSyncTarget());
    observer = await openDatabase(t.config.database);
  });

  afterAll(async () => {
    await observer?.close();
    await t?.close();
    temp.remove();
  });

  it('sends every photo once: the second run and a run without its state file skip them all', async () => {
    const folder = path.join(temp.dir, 'show');
    fs.mkdirSync(folder);
    await fillFolder(folder);

    const first = await runSync([folder, '--event', event.slug], env());
    expect(first.output).toContain('3 uploaded, 0 skipped, 0 failed');
    expect(first.code).toBe(0);
    expect((await eventItems()).map((item) => item.name).sort()).toEqual(['a.jpg', 'b.jpg', 'c.JPG']);

    const second = await runSync([folder, '--event', event.slug], env());
    expect(second.output).toContain('0 uploaded, 3 skipped, 0 failed');
    expect(second.code).toBe(0);

    // Another machine, or a lost state file: the server's MD5s (recorded once each item is processed) still skip them.
    await until(async () => (await eventItems()).every((item) => item.md5_hash !== ''), 'the photos to be processed');
    fs.rmSync(path.join(folder, '.gallery-sync'), { recursive: true });
    const third = await runSync([folder, '--event', event.slug], env());
    expect(third.output).toContain('0 uploaded, 3 skipped, 0 failed');
    expect(await eventItems()).toHaveLength(3);
  });

  it('says clearly when the key is refused, the server cannot be reached or the event does not exist', async () => {
    const folder = path.join(temp.dir, 'errors');
    fs.mkdirSync(folder);
    const wrongKey = await runSync([folder, '--event', event.slug], { GALLERY_URL: url, GALLERY_API_KEY: 'gsk_nope' });
    expect(wrongKey.code).toBe(2);
    expect(wrongKey.output).toContain('refused the key');

    const closed = await runSync([folder, '--event', event.slug], {
      GALLERY_URL: 'http://127.0.0.1:9',
      GALLERY_API_KEY: key,
    });
    expect(closed.code).toBe(2);
    expect(closed.output).toContain('Cannot reach http://127.0.0.1:9');

    const noEvent = await runSync([folder, '--event', 'no-such-show'], env());
    expect(noEvent.code).toBe(2);
    expect(noEvent.output).toContain('There is no event with the address "no-such-show"');

    const usage = await runSync([folder], env());
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('--event <slug> or --client <email>');
  });

  it('resumes a cut upload where the server stopped receiving it, not from the start', async () => {
    const folder = path.join(temp.dir, 'video-day');
    fs.mkdirSync(folder);
    // A real photo followed by 12 MB the decoder never reads: large enough to be cut halfway.
    const photo = fs.readFileSync(await writeTestJpeg(path.join(temp.dir, 'small.jpg'), 640, 480));
    fs.writeFileSync(path.join(folder, 'large.jpg'), Buffer.concat([photo, randomBytes(12 * 1024 * 1024)]));

    const address = new URL(url);
    const proxy: ThrottledProxy = await startThrottledProxy({ host: address.hostname, port: Number(address.port) });
    try {
      proxy.setRate(3 * 1024 * 1024);
      const cut = startSync([folder, '--event', event.slug], { GALLERY_URL: proxy.url, GALLERY_API_KEY: key });
      let uploadId = '';
      await until(async () => {
        const uploads = Object.values(readStateOrNull(folder)?.targets ?? {}).flatMap((target) =>
          Object.values(target.uploads),
        );
        uploadId = uploads[0]?.split('/').pop() ?? '';
        const received = uploadId
          ? fs.statSync(path.join(t.dataDir, 'uploads', uploadId), { throwIfNoEntry: false })
          : undefined;
        return (received?.size ?? 0) > 2 * 1024 * 1024;
      }, 'part of the upload to arrive');
      cut.child.kill('SIGKILL');
      await cut.exited;

      proxy.setRate(null);
      const resumed = await runSync([folder, '--event', event.slug], { GALLERY_URL: proxy.url, GALLERY_API_KEY: key });
      expect(resumed.output).toContain('1 uploaded, 0 skipped, 0 failed');
      expect(resumed.output).toMatch(/uploaded large\.jpg \(resumed at \d+\.\d MB\)/);
      // The item is the one the first upload began (its id comes from the upload's id), not a new upload.
      const stored = await observer.db
        .selectFrom('media')
        .select('name')
        .where('id', '=', mediaIdOfUpload(uploadId))
        .executeTakeFirst();
      expect(stored?.name).toBe('large.jpg');
    } finally {
      await proxy.close();
    }
  });
});

function readStateOrNull(folder: string) {
  try {
    return readSyncState(folder);
  } catch {
    return null;
  }
}
