import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { type ChangeFeed, createChangeFeed } from '../../cache/change-feed';
import type { Database } from '../../db/database';
import type { Config } from '../../env';
import { type Derivative, derivativeKey } from '../../media/types';
import { AVIF, JPEG, PNG, WEBP as WEBP_SETTINGS } from '../../media/variants';
import { createAdminMediaRepository } from '../../repositories/admin-media-repository';
import { createMediaRepository, type MediaRecord } from '../../repositories/media-repository';
import { createLocalStorage } from '../../storage/local-storage';
import { TEST_DATABASES } from '../../test/harness';
import { makeReadyMedia } from '../../test/support/media-factory';
import { openTestDatabase } from '../../test/support/test-database';
import { GALLERY_TOPIC } from '../galleries/gallery-service';
import { createPublicMirror, MIRROR_TYPES, type PublicMirror, type PublicMirrorOptions } from './public-mirror';

const WEBP: Derivative = {
  file: '960w-0123456789abcdef.webp',
  role: 'image',
  format: 'webp',
  contentType: 'image/webp',
  width: 960,
  height: 640,
  size: 64,
};

describe.each(TEST_DATABASES)('the public mirror on %s', (kind) => {
  let database: Database;
  let dir: string;
  let close: () => Promise<void>;
  let changes: ChangeFeed;
  const mirrors: PublicMirror[] = [];

  beforeAll(async () => {
    ({ database, dir, close } = await openTestDatabase(kind));
    changes = await createChangeFeed();
  });
  afterEach(async () => {
    for (const mirror of mirrors.splice(0)) await mirror.close();
  });
  afterAll(async () => {
    await changes?.close();
    await close?.();
  });

  /** A fresh DATA_DIR for each test, with the disk driver's root in it. */
  function dataDirConfig(mediaAccel: 'off' | 'nginx' = 'nginx'): PublicMirrorOptions['config'] {
    const dataDir = path.join(dir, randomBytes(6).toString('hex'));
    fs.mkdirSync(dataDir);
    return { dataDir, mediaAccel, storage: { kind: 'disk', root: path.join(dataDir, 'media') } };
  }
  function start(config: PublicMirrorOptions['config'], more: Partial<PublicMirrorOptions> = {}) {
    const logger = { warn: vi.fn() };
    const mirror = createPublicMirror({
      config,
      media: createMediaRepository(database.db),
      changes,
      logger,
      settleMs: 10,
      ...more,
    });
    mirrors.push(mirror);
    return { mirror, logger };
  }
  /** A ready main-gallery item whose derivative is stored under the config's disk root. */
  async function storedItem(config: PublicMirrorOptions['config']): Promise<{ item: MediaRecord; bytes: Buffer }> {
    const item = await makeReadyMedia(createMediaRepository(database.db));
    const bytes = randomBytes(300);
    if (config.storage.kind !== 'disk') throw new Error('disk only');
    await createLocalStorage(config.storage.root).put(derivativeKey(item.id, WEBP.file), bytes, {
      contentType: WEBP.contentType,
    });
    return { item, bytes };
  }
  const linkOf = (config: Pick<Config, 'dataDir'>, id: string, file = WEBP.file) =>
    path.join(config.dataDir, 'public', 'media', id, file);

  it('links a public derivative at the path of its URL, to the stored file, atomically and once', async () => {
    const config = dataDirConfig();
    const { mirror } = start(config);
    const { item, bytes } = await storedItem(config);
    await mirror.publish(item.id, WEBP);
    const link = linkOf(config, item.id);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(path.isAbsolute(fs.readlinkSync(link))).toBe(true);
    expect(fs.readFileSync(link).equals(bytes)).toBe(true);
    const first = fs.lstatSync(link).ino;
    await mirror.publish(item.id, WEBP);
    expect(fs.lstatSync(link).ino).toBe(first);
    // No temporary name is left behind.
    expect(fs.readdirSync(path.dirname(link))).toEqual([WEBP.file]);
  });

  it('never links a proof, an original, or a file whose type nginx would not give it', async () => {
    const config = dataDirConfig();
    const { mirror } = start(config);
    const { item } = await storedItem(config);
    await mirror.publish(item.id, { ...WEBP, role: 'proof' });
    await mirror.publish(item.id, { ...WEBP, file: 'proof-preview-0123.mp4', role: 'proof-preview' });
    await mirror.publish(item.id, { ...WEBP, file: 'original', contentType: 'image/jpeg' });
    await mirror.publish(item.id, { ...WEBP, file: 'x.svg', contentType: 'image/svg+xml' });
    await mirror.publish(item.id, { ...WEBP, file: '960w-0123.jpg' });
    expect(fs.existsSync(path.join(config.dataDir, 'public', 'media', item.id))).toBe(false);
  });

  it('leaves no link of an item that stopped being public before its link was made', async () => {
    const config = dataDirConfig();
    const { mirror } = start(config);
    const { item } = await storedItem(config);
    await createAdminMediaRepository(database.db).moveToTrash(item.id, new Date());
    // As a request that passed the access decision just before the item was trashed.
    await mirror.publish(item.id, WEBP);
    expect(fs.existsSync(path.join(config.dataDir, 'public', 'media', item.id))).toBe(false);
  });

  it('does nothing, and makes no directory, unless nginx sends files from this disk', async () => {
    for (const config of [
      dataDirConfig('off'),
      {
        ...dataDirConfig(),
        storage: {
          kind: 's3',
          bucket: 'gallery',
          endpoint: undefined,
          region: 'us-east-1',
          accessKeyId: undefined,
          secretAccessKey: undefined,
          forcePathStyle: false,
        },
      } satisfies PublicMirrorOptions['config'],
    ]) {
      const { mirror } = start(config);
      expect(mirror.active).toBe(false);
      const item = await makeReadyMedia(createMediaRepository(database.db));
      await mirror.publish(item.id, WEBP);
      changes.publish(GALLERY_TOPIC, MAIN_GALLERY_FOLDER);
      await mirror.idle();
      expect(fs.existsSync(path.join(config.dataDir, 'public'))).toBe(false);
    }
  });

  it('a failure to link is logged once and never thrown', async () => {
    const config = dataDirConfig();
    const { mirror, logger } = start(config);
    const { item } = await storedItem(config);
    // The pass made at start is over before the directory is broken: only the links are at stake here.
    await mirror.idle();
    // A file where the directory should be: no link can be made under it, whoever runs the test.
    fs.writeFileSync(path.join(config.dataDir, 'public'), '');
    await mirror.publish(item.id, WEBP);
    await mirror.publish(item.id, WEBP);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[1]).toMatch(/linking failed/);
  });

  it('removes the links of items trashed, moved to a client folder or deleted, and keeps the public ones', async () => {
    const config = dataDirConfig();
    const { mirror } = start(config);
    const media = createMediaRepository(database.db);
    const admin = createAdminMediaRepository(database.db);
    const items = {
      kept: await storedItem(config),
      trashed: await storedItem(config),
      moved: await storedItem(config),
      deleted: await storedItem(config),
    };
    for (const { item } of Object.values(items)) await mirror.publish(item.id, WEBP);
    const stray = path.join(config.dataDir, 'public', 'media', 'not-an-id');
    fs.mkdirSync(stray);
    await admin.moveToTrash(items.trashed.item.id, new Date());
    const { moved } = items;
    const name = moved.item.name;
    await admin.moveMany([
      {
        id: moved.item.id,
        fromPath: moved.item.fullPath,
        fromKey: moved.item.originalKey,
        folder: 'rider_a@example_com',
        name,
        fullPath: `rider_a@example_com/${name}`,
        contentDisposition: '',
      },
    ]);
    await media.deleteRow(items.deleted.item.id);
    await mirror.reconcile();
    expect(fs.readdirSync(path.join(config.dataDir, 'public', 'media'))).toEqual([items.kept.item.id]);
    expect(fs.readFileSync(linkOf(config, items.kept.item.id)).equals(items.kept.bytes)).toBe(true);
  });

  it('a pass runs at start, and once for a burst of main-gallery changes; changes of other folders cost none', async () => {
    const config = dataDirConfig();
    const media = createMediaRepository(database.db);
    const admin = createAdminMediaRepository(database.db);
    // A link left from before a restart, of an item trashed meanwhile.
    const earlier = await storedItem(config);
    const { mirror: before } = start(config);
    await before.publish(earlier.item.id, WEBP);
    await before.close();
    await admin.moveToTrash(earlier.item.id, new Date());

    const lookups = vi.fn(media.accessStatesOf);
    const { mirror } = start(config, { media: { accessStatesOf: lookups }, batchSize: 2 });
    await mirror.idle();
    expect(fs.existsSync(path.join(config.dataDir, 'public', 'media', earlier.item.id))).toBe(false);

    const { item } = await storedItem(config);
    await mirror.publish(item.id, WEBP);
    lookups.mockClear();
    for (let i = 0; i < 1000; i++) changes.publish(GALLERY_TOPIC, MAIN_GALLERY_FOLDER);
    await mirror.idle();
    expect(lookups).toHaveBeenCalledTimes(1);

    lookups.mockClear();
    for (let i = 0; i < 10; i++) changes.publish(GALLERY_TOPIC, 'rider_a@example_com');
    await mirror.idle();
    expect(lookups).not.toHaveBeenCalled();
  });

  it('looks ids up in batches', async () => {
    const config = dataDirConfig();
    const lookups = vi.fn(createMediaRepository(database.db).accessStatesOf);
    const { mirror } = start(config, { media: { accessStatesOf: lookups }, batchSize: 2 });
    await mirror.idle();
    for (let i = 0; i < 5; i++) await mirror.publish((await storedItem(config)).item.id, WEBP);
    lookups.mockClear();
    await mirror.reconcile();
    expect(lookups.mock.calls.map(([ids]) => ids.length)).toEqual([2, 2, 1]);
    expect(fs.readdirSync(path.join(config.dataDir, 'public', 'media'))).toHaveLength(5);
  });
});

it('the mirror knows every type the image and video pipelines make, exactly as the proxy configuration names them', () => {
  const conf = fs.readFileSync(path.join(import.meta.dirname, '../../../deploy/nginx/gallery-locations.conf'), 'utf8');
  const block = /types \{([^}]*)\}/.exec(conf)?.[1] ?? '';
  const named = Object.fromEntries(
    block
      .split(';')
      .map((line) => line.trim().split(/\s+/))
      .filter((words) => words.length === 2)
      .map(([type, extension]) => [extension, type]),
  );
  expect(named).toEqual(MIRROR_TYPES);
  for (const format of [AVIF, WEBP_SETTINGS, JPEG, PNG])
    expect(MIRROR_TYPES[format.extension]).toBe(format.contentType);
  expect(MIRROR_TYPES.mp4).toBe('video/mp4');
});
