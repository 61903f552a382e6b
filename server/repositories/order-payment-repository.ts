import type { Db } from '../db/database';
import type { OrderStatusValue } from './order-repository';

/** The order's columns of paying (migration 019_order_payments): the client's report of a payment, and the reminder. */
export function createOrderPaymentRepository(db: Db) {
  return {
    /**
     * Records (or replaces) the payment the client reports, only on their own order and only while it is unpaid
     * (submitted); false when the order is not such an order.
     */
    async report(
      orderId: string,
      accountId: string,
      report: { method: string; note: string; at: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('client_order')
        .set({
          payment_reported_at: report.at,
          payment_reported_method: report.method,
          payment_report_note: report.note,
          updated_at: report.at,
        })
        .where('id', '=', orderId)
        .where('account_id', '=', accountId)
        .where('status', '=', 'submitted')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Ids of the unpaid orders placed at or before `placedBy` (ISO-8601) that have something to pay, whose client was
     * not reminded yet and reported no payment: the reminders due.
     */
    async dueForReminder(placedBy: string): Promise<string[]> {
      const rows = await db
        .selectFrom('client_order')
        .select('id')
        .where('status', '=', 'submitted')
        .where('created_at', '<=', placedBy)
        .where('total_amount', '>', 0)
        .where('reminded_at', 'is', null)
        .where('payment_reported_at', 'is', null)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Claims the reminder of an order that still needs one (unpaid, not reminded, no payment reported): one
     * conditional UPDATE, so of several instances running the reminders at once exactly one gets each order.
     */
    async claimReminder(orderId: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('client_order')
        .set({ reminded_at: at })
        .where('id', '=', orderId)
        .where('status', '=', 'submitted')
        .where('reminded_at', 'is', null)
        .where('payment_reported_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** How many orders are in `status`, counting only those whose client did (or did not) report a payment. */
    async countWithStatus(status: OrderStatusValue, paymentReported: boolean): Promise<number> {
      const row = await db
        .selectFrom('client_order')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', '=', status)
        .where('payment_reported_at', paymentReported ? 'is not' : 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Gives back a claim whose e-mail could not be sent, so the next run tries again. */
    async releaseReminder(orderId: string, at: string): Promise<void> {
      await db
        .updateTable('client_order')
        .set({ reminded_at: null })
        .where('id', '=', orderId)
        .where('reminded_at', '=', at)
        .execute();
    },
  };
}

export type OrderPaymentRepository = ReturnType<typeof createOrderPaymentRepository>;
