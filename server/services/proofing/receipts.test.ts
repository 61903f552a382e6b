import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientRepository } from '../../repositories/client-repository';
import { createOrderRepository, type OrderRepository } from '../../repositories/order-repository';
import { createReceiptRepository, type ReceiptRepository } from '../../repositories/receipt-repository';
import { createSettingsRepository } from '../../repositories/settings-repository';
import { TEST_DATABASES } from '../../test/harness';
import { openTestDatabase } from '../../test/support/test-database';
import { createOrderService, type OrderService, type OrdersDeps } from './orders';
import { createReceiptService, type ReceiptsDeps } from './receipts';

/**
 * Receipt numbers on a real database: the order service marks orders paid as the photographer's PATCH does, with the
 * real repositories, so every receipt is issued in the transaction of its order's step.
 */
describe.each(TEST_DATABASES)('receipt numbers on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let orders: OrderRepository;
  let receipts: ReceiptRepository;
  let accounts = 0;

  /** The order service over the real repositories; `receiptRepository` may stand in for the real one. */
  function orderService(receiptRepository: ReceiptRepository = receipts): OrderService {
    const db = t.database.db;
    const receiptDeps: ReceiptsDeps = {
      receipts: receiptRepository,
      orders,
      clients: createClientRepository(db),
      settings: createSettingsRepository(db),
      siteName: 'Equine Dance',
    };
    // Marking an order paid uses only these; the picks, events and media parts of the service are not reached.
    const deps: Partial<OrdersDeps> = {
      orders,
      receipts: createReceiptService(receiptDeps),
      clients: receiptDeps.clients,
      settings: createSettingsRepository(db),
      mailer: { sendLater: () => undefined },
      payments: { methods: async () => [], orderPlaced: async () => undefined },
      notifyWorker: () => undefined,
      siteName: 'Equine Dance',
      publicUrl: 'http://localhost:3000',
      adminEmail: 'photographer@example.com',
    };
    return createOrderService(deps as OrdersDeps);
  }

  /** A sent order of a new account (one open order per account and gallery). */
  async function sentOrder(): Promise<string> {
    accounts += 1;
    const folder = `rider-${accounts}`;
    const order = await orders.create({
      accountId: `account-${accounts}`,
      folder,
      scope: folder,
      kind: 'picks',
      eventId: null,
      entryId: null,
      note: '',
      language: 'he',
      includedCount: 0,
      unitAmount: 600,
      totalAmount: 600,
      currency: 'ILS',
      mediaIds: [`media-${accounts}`],
    });
    return order.id;
  }

  const paid = (paidAt: string) => ({ status: 'paid' as const, paymentMethod: 'bit' as const, paidAt });
  const numbersOf = async (year: number) => (await receipts.listYear(year)).map((receipt) => receipt.number);

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    orders = createOrderRepository(t.database.db);
    receipts = createReceiptRepository(t.database.db);
  });
  afterAll(async () => t?.close());

  it('numbers 20 orders marked paid at once 1 to 20: no gap, no repeat, one receipt each', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, sentOrder));
    const service = orderService();
    await Promise.all(ids.map((id) => service.update(id, paid('2026-03-01'))));
    const issued = await receipts.listYear(2026);
    expect(issued.map((receipt) => receipt.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(issued.map((receipt) => receipt.orderId))).toEqual(new Set(ids));
    const refs = await receipts.refsOf(ids);
    expect(refs.size).toBe(20);
  });

  it('gives the number of a payment that failed part-way back: the next payment takes it', async () => {
    const failing = await sentOrder();
    const crashAfterIssuing: ReceiptRepository = {
      ...receipts,
      issue: async (trx, draft) => {
        await receipts.issue(trx, draft);
        throw new Error('the disk failed');
      },
    };
    await expect(orderService(crashAfterIssuing).update(failing, paid('2026-03-02'))).rejects.toThrow(
      'the disk failed',
    );
    // The step and its receipt went together: the order is still unpaid, with no receipt.
    expect((await orders.findById(failing))?.status).toBe('submitted');
    expect((await receipts.refsOf([failing])).size).toBe(0);

    const next = await sentOrder();
    await orderService().update(next, paid('2026-03-02'));
    expect((await receipts.findByOrderId(next))?.number).toBe(21);
    await orderService().update(failing, paid('2026-03-03'));
    expect(await numbersOf(2026)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
  });

  it('starts each calendar year of the payment date at 1, and goes on with the year before', async () => {
    const newYear = await sentOrder();
    await orderService().update(newYear, paid('2027-01-01'));
    expect(await receipts.findByOrderId(newYear)).toMatchObject({ year: 2027, number: 1 });
    // A payment recorded late, dated in the old year, continues the old year's numbers.
    const late = await sentOrder();
    await orderService().update(late, paid('2026-12-31'));
    expect(await receipts.findByOrderId(late)).toMatchObject({ year: 2026, number: 23 });
    expect(await numbersOf(2027)).toEqual([1]);
  });
});
