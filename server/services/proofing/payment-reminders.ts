import type { Mailer } from '../../mail/mailer';
import { orderPaymentEmail } from '../../mail/payment-emails';
import type { ClientRepository } from '../../repositories/client-repository';
import type { OrderPaymentRepository } from '../../repositories/order-payment-repository';
import type { OrderRepository } from '../../repositories/order-repository';
import { awaitsPayment, type PaymentService, paymentFacts } from './payments';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the reminders are looked for: a reminder leaves at most this long after it is due. */
export const PAYMENT_REMINDER_INTERVAL_MS = 60 * 60 * 1000;

export interface PaymentReminderDeps {
  payments: Pick<PaymentService, 'settings'>;
  orderPayments: Pick<OrderPaymentRepository, 'dueForReminder' | 'claimReminder' | 'releaseReminder'>;
  orders: Pick<OrderRepository, 'findById'>;
  clients: Pick<ClientRepository, 'findByAccountId'>;
  mailer: Pick<Mailer, 'send'>;
  siteName: string;
  publicUrl: string;
  logger: { error(obj: object, message: string): void };
  /** The clock the reminders are due by (a test sets its own). */
  now?: () => Date;
}

/**
 * The reminder to pay: `reminderDays` days after a client sent their selection, while it is still unpaid and they
 * reported no payment, they get one e-mail with how to pay (0 days: no reminders). Each order's reminder is claimed
 * with a conditional UPDATE before it is sent, so several instances running this at once send it once; one whose
 * e-mail fails is given back, for the next run.
 */
export function createPaymentReminders(deps: PaymentReminderDeps) {
  const now = deps.now ?? (() => new Date());

  /** Sends the reminders due now; answers how many were sent. */
  async function sendDue(): Promise<number> {
    const { methods, reminderDays } = await deps.payments.settings();
    if (reminderDays === 0) return 0;
    const at = now();
    const placedBy = new Date(at.getTime() - reminderDays * DAY_MS).toISOString();
    let sent = 0;
    for (const orderId of await deps.orderPayments.dueForReminder(placedBy)) {
      const claimedAt = at.toISOString();
      if (!(await deps.orderPayments.claimReminder(orderId, claimedAt))) continue;
      try {
        const order = await deps.orders.findById(orderId);
        const client = order && (await deps.clients.findByAccountId(order.accountId));
        // An order that is paid meanwhile, or whose client is gone, keeps its claim: there is no one to remind.
        if (!order || !client || !awaitsPayment(order)) continue;
        await deps.mailer.send(orderPaymentEmail('paymentReminder', paymentFacts(order, client, methods, deps)));
        sent += 1;
      } catch (error) {
        await deps.orderPayments.releaseReminder(orderId, claimedAt);
        deps.logger.error({ err: error, orderId }, 'a payment reminder could not be sent');
      }
    }
    return sent;
  }

  return { sendDue };
}

export type PaymentReminders = ReturnType<typeof createPaymentReminders>;
