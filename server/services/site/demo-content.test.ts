import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { connectDatabase } from '../../db/database';
import { loadConfig } from '../../env';
import { detectVideoTools } from '../../media/video';
import { createSettingsRepository } from '../../repositories/settings-repository';
import { TEST_DATABASES } from '../../test/harness';
import { drainJobs, makeTestRuntime, silentLogger } from '../../test/support/ingest';
import { makeMedia } from '../../test/support/media-factory';
import { openTestDatabase } from '../../test/support/test-database';
import {
  DEMO_MARKER,
  DEMO_RETRY_DELAYS_MS,
  demoPreparing,
  installDemoContent,
  installDemoContentWithRetries,
} from './demo-content';

const hasFfmpeg = (await detectVideoTools()) !== null;
/** The real set is 14 images up to 2400 px; two small ones keep the test quick. */
const SMALL: Array<[number, number]> = [
  [480, 320],
  [320, 480],
];

describe('demo content', () => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let runtime: ReturnType<typeof makeTestRuntime>;
  const deps = (demo: boolean) => ({
    config: loadConfig({ DATA_DIR: t.dir, DEMO_CONTENT: demo ? 'true' : 'false' }),
    database: t.database,
    settings: createSettingsRepository(t.database.db),
    pipeline: runtime,
    logger: { ...silentLogger, info: () => {} } as never,
  });

  beforeAll(async () => {
    t = await openTestDatabase('sqlite');
    runtime = makeTestRuntime(t.database, t.dir);
  });
  afterAll(async () => t.close());

  it('does nothing when DEMO_CONTENT is false', async () => {
    await installDemoContent(deps(false), { sizes: SMALL });
    expect(await runtime.media.isEmpty()).toBe(true);
    expect(await deps(false).settings.get(DEMO_MARKER)).toBeUndefined();
    expect(await demoPreparing(deps(false))).toBe(false);
  });

  it('says the set is being prepared on an empty site until it is recorded as done', async () => {
    expect(await demoPreparing(deps(true))).toBe(true);
    await deps(true).settings.set(DEMO_MARKER, { state: 'installing', at: new Date().toISOString() });
    expect(await demoPreparing(deps(true))).toBe(true);
    expect(await demoPreparing(deps(false))).toBe(false);
  });

  it('fills an empty site with demo images (and a video when ffmpeg is present) through the pipeline, once', async () => {
    await installDemoContent(deps(true), { sizes: SMALL });
    await drainJobs(runtime);
    const items = await runtime.media.listVisible({ folder: MAIN_GALLERY_FOLDER, limit: 20 });
    expect(items.filter((m) => !m.isVideo)).toHaveLength(2);
    expect(items.filter((m) => m.isVideo)).toHaveLength(hasFfmpeg ? 1 : 0);
    for (const item of items) {
      expect(item.isDemo).toBe(true);
      expect(item.placeholder).toBeTruthy();
    }
    const landscape = items.find((m) => m.name.startsWith('demo-01'));
    const portrait = items.find((m) => m.name.startsWith('demo-02'));
    expect(landscape).toMatchObject({ width: 480, height: 320 });
    expect(portrait).toMatchObject({ width: 320, height: 480 });
    expect(await deps(true).settings.get(DEMO_MARKER)).toMatchObject({ state: 'done' });
    expect(await demoPreparing(deps(true))).toBe(false);

    await installDemoContent(deps(true), { sizes: SMALL });
    expect(await runtime.jobs.countPending()).toBe(0);
    expect(await runtime.media.listVisible({ folder: MAIN_GALLERY_FOLDER, limit: 20 })).toHaveLength(items.length);
  });
});

describe('demo content on a site that already has media', () => {
  it('leaves it alone and records that it skipped', async () => {
    const t = await openTestDatabase('sqlite');
    try {
      const runtime = makeTestRuntime(t.database, t.dir);
      await makeMedia(runtime.media, {
        id: 'existingItem0000000000',
        name: 'mine.jpg',
        md5Hash: 'x',
        status: 'processing',
        job: { type: 'noop', payload: {} },
      });
      const settings = createSettingsRepository(t.database.db);
      const config = loadConfig({ DATA_DIR: t.dir, DEMO_CONTENT: 'true' });
      await installDemoContent(
        { config, database: t.database, settings, pipeline: runtime, logger: silentLogger as never },
        { sizes: SMALL },
      );
      expect(await settings.get(DEMO_MARKER)).toMatchObject({ state: 'skipped' });
      expect(await demoPreparing({ config, settings, pipeline: runtime })).toBe(false);
      expect(await runtime.media.fullPathTaken(`${MAIN_GALLERY_FOLDER}/demo-01-arena-dusk.jpg`)).toBe(false);
    } finally {
      await t.close();
    }
  });
});

// Two instances starting at once on one empty database: each sees no marker, and each used to install the whole set.
describe.each(TEST_DATABASES.filter((kind) => kind === 'postgres'))('demo content from two instances on %s', (kind) => {
  it('is installed once', async () => {
    const t = await openTestDatabase(kind);
    // A second pool on the same schema: another instance's connections.
    const other = connectDatabase(t.config);
    try {
      const config = loadConfig({ DATA_DIR: t.dir, DEMO_CONTENT: 'true' });
      const instance = (database: typeof t.database) => ({
        config,
        database,
        settings: createSettingsRepository(database.db),
        pipeline: makeTestRuntime(database, t.dir),
        logger: { ...silentLogger, info: () => {} } as never,
      });
      const first = instance(t.database);
      await Promise.all([
        installDemoContent(first, { sizes: SMALL }),
        installDemoContent(instance(other), { sizes: SMALL }),
      ]);
      // Not processed yet (no worker runs here): the rows the two installs wrote are what counts.
      const rows = await t.database.db
        .selectFrom('media')
        .select('name')
        .where('folder', '=', MAIN_GALLERY_FOLDER)
        .execute();
      expect(rows).toHaveLength(SMALL.length + (hasFfmpeg ? 1 : 0));
    } finally {
      await other.close();
      await t.close();
    }
  });
});

/**
 * A first install that fails (a store or database still coming up) is tried again after a wait, so the site does not
 * stay "preparing" until the next restart; when every attempt fails the set is marked failed. The waits are recorded,
 * not slept.
 */
describe.each(TEST_DATABASES)('a failed demo install on %s', (kind) => {
  async function setUp(failures: number) {
    const t = await openTestDatabase(kind);
    const runtime = makeTestRuntime(t.database, t.dir);
    let calls = 0;
    const ingest: typeof runtime.ingest = {
      ...runtime.ingest,
      async ingestFile(request) {
        calls += 1;
        if (calls <= failures) throw new Error('the store is not answering yet');
        return runtime.ingest.ingestFile(request);
      },
    };
    const warnings: string[] = [];
    const deps = {
      config: loadConfig({ DATA_DIR: t.dir, DEMO_CONTENT: 'true' }),
      database: t.database,
      settings: createSettingsRepository(t.database.db),
      pipeline: { ...runtime, ingest },
      logger: {
        ...silentLogger,
        info: () => {},
        warn: (_obj: object, message: string) => warnings.push(message),
      } as never,
    };
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
    };
    return { t, deps, waits, wait, warnings };
  }

  it('is tried again after a wait and succeeds on the second try', async () => {
    const { t, deps, waits, wait, warnings } = await setUp(1);
    try {
      await installDemoContentWithRetries(deps, { sizes: SMALL, wait });
      expect(waits).toEqual([DEMO_RETRY_DELAYS_MS[0]]);
      expect(warnings).toEqual(['demo content could not be installed; trying again']);
      expect(await deps.settings.get(DEMO_MARKER)).toMatchObject({ state: 'done' });
      expect(await demoPreparing(deps)).toBe(false);
      const names = (await t.database.db.selectFrom('media').select('name').execute()).map((row) => row.name);
      expect(names.filter((name) => name.endsWith('.jpg'))).toHaveLength(SMALL.length);
    } finally {
      await t.close();
    }
  });

  it('is marked failed after the last attempt, and the pages no longer say it is being prepared', async () => {
    const { t, deps, waits, wait, warnings } = await setUp(Number.POSITIVE_INFINITY);
    try {
      await expect(installDemoContentWithRetries(deps, { sizes: SMALL, wait })).rejects.toThrow(
        'the store is not answering yet',
      );
      expect(waits).toEqual(DEMO_RETRY_DELAYS_MS);
      expect(warnings).toHaveLength(DEMO_RETRY_DELAYS_MS.length);
      expect(await deps.settings.get(DEMO_MARKER)).toMatchObject({ state: 'failed' });
      expect(await demoPreparing(deps)).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('stops waiting at shutdown, and the next start makes the set', async () => {
    const { t, deps } = await setUp(1);
    try {
      const stopping = new AbortController();
      await installDemoContentWithRetries(deps, {
        sizes: SMALL,
        signal: stopping.signal,
        wait: async () => stopping.abort(),
      });
      expect(await deps.settings.get(DEMO_MARKER)).toMatchObject({ state: 'installing' });
      await installDemoContentWithRetries(deps, { sizes: SMALL });
      expect(await deps.settings.get(DEMO_MARKER)).toMatchObject({ state: 'done' });
    } finally {
      await t.close();
    }
  });
});
