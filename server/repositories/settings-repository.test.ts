import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { makeTempDir, TEST_DATABASES } from '../test/harness';
import { openTestDatabase } from '../test/support/test-database';
import { createSettingsRepository, type SettingsRepository } from './settings-repository';

describe.each(TEST_DATABASES)('settings repository on %s', (kind) => {
  let settings: SettingsRepository;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const opened = await openTestDatabase(kind);
    settings = createSettingsRepository(opened.database.db);
    cleanup = opened.close;
  });
  afterAll(async () => cleanup());

  it('returns undefined for a key never set', async () => {
    expect(await settings.get('home.featured')).toBeUndefined();
  });

  it('stores JSON values and overwrites them in place', async () => {
    await settings.set('home.featured', ['a', 'b', 'c']);
    expect(await settings.get('home.featured')).toEqual(['a', 'b', 'c']);
    await settings.set('home.featured', { hero: 'v1', order: [3, 1, 2], note: 'עברית' });
    expect(await settings.get('home.featured')).toEqual({ hero: 'v1', order: [3, 1, 2], note: 'עברית' });
  });

  it('runs the migrations only once when the database is opened again', async () => {
    const temp = makeTempDir();
    const file = `${temp.dir}/app.db`;
    const first = await openDatabase({ kind: 'sqlite', file });
    await createSettingsRepository(first.db).set('k', 1);
    await first.close();
    const second = await openDatabase({ kind: 'sqlite', file });
    expect(await createSettingsRepository(second.db).get('k')).toBe(1);
    await second.close();
    temp.remove();
  });
});
