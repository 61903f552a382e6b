import { CURRENCY } from '../../../shared/pricing';
import {
  DEFAULT_REMINDER_DAYS,
  type PaymentKind,
  type PaymentMethodEntry,
  type PaymentSettings,
} from '../../../shared/schemas/payments';
import type { SessionUser } from '../../../shared/schemas/session';
import { AppError } from '../../errors';
import { mailLanguage } from '../../mail/mail-text';
import type { Mailer } from '../../mail/mailer';
import { type OrderPaymentFacts, orderPaymentEmail, paymentReportedEmail } from '../../mail/payment-emails';
import type { ClientRecord, ClientRepository } from '../../repositories/client-repository';
import type { OrderPaymentRepository } from '../../repositories/order-payment-repository';
import type { OrderRecord, OrderRepository } from '../../repositories/order-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import type { PhotographerNotices } from '../site/admin-notify';

/** The settings key of the payment methods and the reminder, as the panel saved them. */
export const PAYMENT_SETTINGS_KEY = 'payments.settings';

/**
 * Whether a client still has to pay this order: it is sent but not yet paid, and there is something to pay (a first
 * order of two pictures may be covered by the deposit). The reminder's query (order-payment-repository.ts) says the
 * same in SQL.
 */
export function awaitsPayment(order: OrderRecord): boolean {
  return order.status === 'submitted' && order.totalAmount > 0;
}

/**
 * What the client's payment e-mails say of an order, in the language they ordered in; `methods` null when there is
 * nothing to pay.
 */
export function paymentFacts(
  order: OrderRecord,
  client: ClientRecord,
  methods: readonly PaymentMethodEntry[] | null,
  site: { siteName: string; publicUrl: string },
): OrderPaymentFacts {
  return {
    to: client.email,
    language: mailLanguage(order.language),
    siteName: site.siteName,
    link: `${site.publicUrl}/me/orders`,
    clientName: client.fullName || client.email,
    count: order.itemCount,
    total: { amount: order.totalAmount, currency: CURRENCY },
    reference: order.reference ?? '',
    methods,
  };
}

export interface PaymentDeps {
  settings: Pick<SettingsRepository, 'get' | 'set'>;
  orders: Pick<OrderRepository, 'findById' | 'historyOf'>;
  orderPayments: Pick<OrderPaymentRepository, 'report'>;
  clients: Pick<ClientRepository, 'findByAccountId'>;
  notices: Pick<PhotographerNotices, 'paymentReported'>;
  mailer: Pick<Mailer, 'sendLater'>;
  siteName: string;
  publicUrl: string;
  now?: () => Date;
}

const notFound = () => new AppError('not-found', 'There is no such order.');
const notAwaitingPayment = () =>
  new AppError(
    'order-not-awaiting-payment',
    'This order is not waiting for a payment: it was already paid, delivered or cancelled.',
  );

/**
 * Paying the photographer: the methods they set up (and the reminder's delay), the confirmation a client receives
 * when their selection is sent, and the payment a client reports, which the photographer hears of by e-mail and in
 * the panel's orders tab.
 */
export function createPaymentService(deps: PaymentDeps) {
  const now = deps.now ?? (() => new Date());

  async function settings(): Promise<PaymentSettings> {
    const saved = await deps.settings.get<Partial<PaymentSettings>>(PAYMENT_SETTINGS_KEY);
    return { methods: saved?.methods ?? [], reminderDays: saved?.reminderDays ?? DEFAULT_REMINDER_DAYS };
  }

  return {
    settings,

    /** What the panel sent, already checked and normalised by paymentSettingsRequestSchema. */
    async saveSettings(input: PaymentSettings): Promise<PaymentSettings> {
      await deps.settings.set(PAYMENT_SETTINGS_KEY, input);
      return input;
    },

    methods: async (): Promise<PaymentMethodEntry[]> => (await settings()).methods,

    /** Tells the client their selection arrived, with how to pay it, in the language they ordered in. */
    async orderPlaced(order: OrderRecord): Promise<void> {
      const client = await deps.clients.findByAccountId(order.accountId);
      if (!client) return;
      const facts = paymentFacts(order, client, awaitsPayment(order) ? (await settings()).methods : null, deps);
      deps.mailer.sendLater(orderPaymentEmail('orderConfirmation', facts));
    },

    /**
     * The client says they paid their own unpaid order: recorded (a second report replaces the first), and
     * the photographer is told. Another account's order is "not found", as if it did not exist.
     */
    async report(
      user: SessionUser,
      orderId: string,
      input: { method: PaymentKind; note: string },
    ): Promise<OrderRecord> {
      const at = now().toISOString();
      if (!(await deps.orderPayments.report(orderId, user.id, { ...input, at }))) {
        const order = await deps.orders.findById(orderId);
        if (!order || order.accountId !== user.id) throw notFound();
        throw notAwaitingPayment();
      }
      const order = await deps.orders.findById(orderId);
      if (!order) throw notFound();
      const client = await deps.clients.findByAccountId(order.accountId);
      const email = client?.email ?? user.email;
      await deps.notices.paymentReported({ email }, (photographer) =>
        paymentReportedEmail({
          ...photographer,
          siteName: deps.siteName,
          clientName: client?.fullName || email,
          clientEmail: email,
          reference: order.reference ?? '',
          total: { amount: order.totalAmount, currency: CURRENCY },
          method: input.method,
          note: input.note,
        }),
      );
      return order;
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
