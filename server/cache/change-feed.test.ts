import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { channelOf, createChangeTransport } from '../db/change-transport';
import { type Database, openDatabase } from '../db/database';
import type { Config } from '../env';
import { createSettingsRepository } from '../repositories/settings-repository';
import { openTestDatabase } from '../test/support/test-database';
import { type ChangeFeed, createChangeFeed } from './change-feed';

/** Every (key) a listener of `topic` was told, in order. */
function record(feed: ChangeFeed, topic: string): Array<string | null> {
  const heard: Array<string | null> = [];
  feed.subscribe(topic, (key) => heard.push(key));
  return heard;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A feed on `database` the way the composition root builds it, closed after the test. */
async function feedOn(database: Database, config: Config['database'], checkEveryMs = 50): Promise<ChangeFeed> {
  const onError = () => undefined;
  const feed = await createChangeFeed({
    transport: createChangeTransport(database, config, { checkEveryMs, onError }),
    onError,
  });
  cleanups.push(() => feed.close());
  return feed;
}

describe('the change feed in one process', () => {
  it('tells this process’s listeners before publish returns, by topic', async () => {
    const feed = await createChangeFeed();
    const gallery = record(feed, 'gallery');
    const events = record(feed, 'events');
    feed.publish('gallery', 'main');
    expect(gallery).toEqual(['main']);
    expect(events).toEqual([]);
  });

  it('keeps telling the other listeners when one throws, and reports the failure', async () => {
    const errors: unknown[] = [];
    const feed = await createChangeFeed({ onError: (error) => errors.push(error) });
    feed.subscribe('gallery', () => {
      throw new Error('broken listener');
    });
    const heard = record(feed, 'gallery');
    feed.publish('gallery', 'main');
    expect(heard).toEqual(['main']);
    expect(errors).toHaveLength(1);
  });

  it('stops telling a listener that unsubscribed', async () => {
    const feed = await createChangeFeed();
    const heard: string[] = [];
    const stop = feed.subscribe('gallery', (key) => heard.push(String(key)));
    feed.publish('gallery', 'a');
    stop();
    feed.publish('gallery', 'b');
    expect(heard).toEqual(['a']);
  });
});

describe('the change feed on SQLite', () => {
  it('reports a gap when another process writes to the database file, and none for its own writes', async () => {
    const t = await openTestDatabase('sqlite');
    cleanups.push(t.close);
    const feed = await feedOn(t.database, t.config);
    const heard = record(feed, 'gallery');
    // Our own connection's writes are announced by their writers; they must not look like another process's.
    await createSettingsRepository(t.database.db).set('probe', 1);
    feed.publish('gallery', 'main');
    // A second connection to the same file stands for the import command running beside the server.
    const other = await openDatabase(t.config);
    await createSettingsRepository(other.db).set('probe', 2);
    await other.close();
    await expect.poll(() => heard, { timeout: 5000 }).toEqual(['main', null]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the change feed on PostgreSQL', () => {
  async function twoInstances(checkEveryMs?: number) {
    const t = await openTestDatabase('postgres');
    cleanups.push(t.close);
    const second = await openDatabase(t.config);
    cleanups.push(() => second.close());
    const a = await feedOn(t.database, t.config, checkEveryMs);
    return { a, b: await feedOn(second, t.config, checkEveryMs), config: t.config };
  }

  it('carries an announcement to the other instance, and not back to the one that made it', async () => {
    const { a, b } = await twoInstances();
    const onA = record(a, 'gallery');
    const onB = record(b, 'gallery');
    // Each listener connection reported its start as a gap; only what follows is of interest here.
    onA.length = 0;
    onB.length = 0;
    a.publish('gallery', 'main');
    b.publish('gallery', 'client@example_com');
    await expect.poll(() => onB, { timeout: 5000 }).toEqual(['client@example_com', 'main']);
    await expect.poll(() => onA, { timeout: 5000 }).toEqual(['main', 'client@example_com']);
    // Nothing more arrives: the own announcement came back over NOTIFY and was skipped.
    a.publish('gallery', 'sync');
    await expect.poll(() => onB.at(-1), { timeout: 5000 }).toBe('sync');
    expect(onA.filter((key) => key === 'main')).toHaveLength(1);
  });

  it('never hears another schema of the same database', async () => {
    const { a } = await twoInstances();
    const other = await twoInstances();
    const heard = record(a, 'gallery');
    heard.length = 0;
    other.a.publish('gallery', 'elsewhere');
    a.publish('gallery', 'here');
    const onOtherB = record(other.b, 'gallery');
    other.a.publish('gallery', 'sync');
    await expect.poll(() => onOtherB.includes('sync'), { timeout: 5000 }).toBe(true);
    expect(heard).toEqual(['here']);
  });

  it('reports a gap when its listening connection was cut, then hears announcements again', async () => {
    // No periodic check here: the listening connections' last statement stays their LISTEN, which finds them below.
    const { a, b, config } = await twoInstances(60_000);
    const onB = record(b, 'gallery');
    onB.length = 0;
    if (config.kind !== 'postgres') throw new Error('a PostgreSQL test');
    const admin = new pg.Client({ connectionString: config.url });
    await admin.connect();
    // Cut this schema's listening connections, the way a database restart or a network failure would.
    const channel = await channelOf(admin);
    const cut = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1', [
      `LISTEN "${channel}"`,
    ]);
    await admin.end();
    expect(cut.rowCount).toBe(2);
    await expect.poll(() => onB.includes(null), { timeout: 10_000 }).toBe(true);
    a.publish('gallery', 'after');
    await expect.poll(() => onB.includes('after'), { timeout: 10_000 }).toBe(true);
  });
});
