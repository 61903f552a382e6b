import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../db/database';
import { migrateToLatest, runMigrations } from '../db/migrate';
import { migrations } from '../db/migrations/index';
import { makePostgresSchema, makeTempDir, TEST_DATABASES } from '../test/harness';
import { openTestDatabase } from '../test/support/test-database';
import { createOrderRepository, type NewOrder } from './order-repository';

/** An order of `accountId` in `scope`, as sending a selection makes it. */
const newOrder = (accountId: string, scope = `${accountId}-gallery`): NewOrder => ({
  accountId,
  folder: scope,
  scope,
  kind: 'picks',
  eventId: null,
  entryId: null,
  note: '',
  language: 'he',
  includedCount: 0,
  unitAmount: 600,
  totalAmount: 600,
  currency: 'ILS',
  mediaIds: [`${accountId}-photo`],
});

describe.each(TEST_DATABASES)('order references on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => t.close());

  it('numbers orders one after another from HD-1001, each once, even when sent at the same moment', async () => {
    const orders = createOrderRepository(t.database.db);
    expect((await orders.create(newOrder('first'))).reference).toBe('HD-1001');
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => orders.create(newOrder(`rider-${i}`))));
    const numbers = burst.map((order) => Number(order.reference?.slice(3))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => 1002 + i));
    const stored = await Promise.all(burst.map((order) => orders.findById(order.id)));
    expect(stored.map((order) => order?.reference)).toEqual(burst.map((order) => order.reference));
  });

  it('takes the number in the order’s own transaction: an order that is refused leaves no gap', async () => {
    const orders = createOrderRepository(t.database.db);
    const open = await orders.create(newOrder('twice'));
    // A second open order in the same gallery is refused by the database after its number was taken.
    await expect(orders.create(newOrder('twice'))).rejects.toThrow();
    const next = await orders.create(newOrder('after'));
    expect(Number(next.reference?.slice(3))).toBe(Number(open.reference?.slice(3)) + 1);
  });
});

describe.each(TEST_DATABASES)('migration 019 on %s', (kind) => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function emptyDatabase(): Promise<Database> {
    let database: Database;
    if (kind === 'postgres') {
      const schema = await makePostgresSchema();
      cleanups.push(schema.drop);
      database = connectDatabase({ kind: 'postgres', url: schema.url });
    } else {
      const temp = makeTempDir('gallery-references-');
      cleanups.push(temp.remove);
      database = connectDatabase({ kind: 'sqlite', file: `${temp.dir}/app.db` });
    }
    cleanups.push(() => database.close());
    return database;
  }

  it('gives the orders placed before it references in the order they were placed, and new ones follow', async () => {
    const database = await emptyDatabase();
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '019'));
    await runMigrations(database.db, kind, before);
    const placed = ['2026-03-02T10:00:00.000Z', '2026-01-15T09:00:00.000Z', '2026-02-20T18:30:00.000Z'];
    for (const [i, at] of placed.entries()) {
      await database.db
        .insertInto('client_order')
        .values({
          id: `old-${i}`,
          account_id: `account-${i}`,
          folder: `folder-${i}`,
          scope: `folder-${i}`,
          kind: 'picks',
          event_id: null,
          entry_id: null,
          status: 'delivered',
          note: '',
          language: 'he',
          item_count: 1,
          included_count: 0,
          unit_amount: 600,
          total_amount: 600,
          currency: 'ILS',
          payment_method: null,
          paid_amount: null,
          paid_at: null,
          delivery: null,
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
    }
    await migrateToLatest(database.db, kind);
    const rows = await database.db.selectFrom('client_order').select(['id', 'reference']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'old-0', reference: 'HD-1003' },
      { id: 'old-1', reference: 'HD-1001' },
      { id: 'old-2', reference: 'HD-1002' },
    ]);
    const next = await createOrderRepository(database.db).create(newOrder('new'));
    expect(next.reference).toBe('HD-1004');
  });
});
