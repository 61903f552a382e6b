import { createOrderPaymentRepository } from '../repositories/order-payment-repository';
import { createReceiptRepository } from '../repositories/receipt-repository';
import { createOrderDownloads } from '../services/proofing/order-downloads';
import { createOrderService } from '../services/proofing/orders';
import { createPaymentReminders } from '../services/proofing/payment-reminders';
import { createPaymentService } from '../services/proofing/payments';
import { createPicksService } from '../services/proofing/picks';
import { createReceiptService } from '../services/proofing/receipts';
import type { PhotographerNotices } from '../services/site/admin-notify';
import type { Foundation } from './foundation';
import type { MediaArea } from './media';

/**
 * Proofing and sales: a client's picks in a proofing gallery, orders from sent to delivered, paying them (the
 * methods, the client's report of a payment, which the photographer is told of, and the reminder to pay), their
 * receipts, and Download All of what was delivered.
 */
export function composeProofing(
  base: Foundation,
  media: MediaArea,
  notices: Pick<PhotographerNotices, 'paymentReported'>,
) {
  const { config, repositories } = base;
  const orderPayments = createOrderPaymentRepository(base.database.db);
  const payments = createPaymentService({
    settings: repositories.settings,
    orders: repositories.orders,
    orderPayments,
    clients: repositories.clients,
    notices,
    mailer: base.mailer,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
  });
  const receipts = createReceiptService({
    receipts: createReceiptRepository(base.database.db),
    orders: repositories.orders,
    clients: repositories.clients,
    settings: repositories.settings,
    siteName: config.siteName,
  });
  const picks = createPicksService({
    access: media.access,
    proofing: repositories.proofing,
    orders: repositories.orders,
    media: media.runtime.media,
    clients: repositories.clients,
    payments,
    receipts,
  });
  return {
    picks,
    payments,
    receipts,
    paymentReminders: createPaymentReminders({
      payments,
      orderPayments,
      orders: repositories.orders,
      clients: repositories.clients,
      mailer: base.mailer,
      siteName: config.siteName,
      publicUrl: config.publicUrl,
      logger: base.logger,
    }),
    orders: createOrderService({
      access: media.access,
      picks,
      events: repositories.events,
      notifyWorker: () => media.runtime.worker.notify(),
      orders: repositories.orders,
      proofing: repositories.proofing,
      media: media.runtime.media,
      clients: repositories.clients,
      payments,
      settings: repositories.settings,
      receipts,
      mailer: base.mailer,
      siteName: config.siteName,
      publicUrl: config.publicUrl,
      adminEmail: config.adminEmail,
    }),
    orderDownloads: createOrderDownloads({
      access: media.access,
      orders: repositories.orders,
      media: media.runtime.media,
    }),
  };
}
