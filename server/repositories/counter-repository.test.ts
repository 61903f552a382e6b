import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../test/harness';
import { openTestDatabase } from '../test/support/test-database';
import { nextInSequence } from './counter-repository';

describe.each(TEST_DATABASES)('gapless counters on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => t.close());

  it('starts a counter at its first value and counts on from there, each name apart', async () => {
    expect(await nextInSequence(t.database.db, 'ref', 1001)).toBe(1001);
    expect(await nextInSequence(t.database.db, 'ref', 1001)).toBe(1002);
    expect(await nextInSequence(t.database.db, 'other')).toBe(1);
  });

  it('gives each of many concurrent transactions its own number, with no gap and no repeat', async () => {
    const taken = await Promise.all(
      Array.from({ length: 30 }, () => t.database.db.transaction().execute((trx) => nextInSequence(trx, 'burst'))),
    );
    expect(taken.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('gives a rolled-back number back, so the next taker gets it', async () => {
    await nextInSequence(t.database.db, 'rollback');
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        expect(await nextInSequence(trx, 'rollback')).toBe(2);
        throw new Error('the record failed');
      }),
    ).rejects.toThrow('the record failed');
    expect(await nextInSequence(t.database.db, 'rollback')).toBe(2);
  });
});
