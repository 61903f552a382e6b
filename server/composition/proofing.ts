import { createReceiptRepository } from '../repositories/receipt-repository';
import { createOrderService } from '../services/proofing/orders';
import { createPicksService } from '../services/proofing/picks';
import { createReceiptService } from '../services/proofing/receipts';
import type { Foundation } from './foundation';
import type { MediaArea } from './media';

/** Proofing and sales: a client's picks in a proofing gallery, orders from sent to delivered, and their receipts. */
export function composeProofing(base: Foundation, media: MediaArea) {
  const { config, repositories } = base;
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
    receipts,
  });
  return {
    picks,
    receipts,
    orders: createOrderService({
      access: media.access,
      picks,
      events: repositories.events,
      notifyWorker: () => media.runtime.worker.notify(),
      orders: repositories.orders,
      proofing: repositories.proofing,
      media: media.runtime.media,
      clients: repositories.clients,
      settings: repositories.settings,
      receipts,
      mailer: base.mailer,
      siteName: config.siteName,
      publicUrl: config.publicUrl,
      adminEmail: config.adminEmail,
    }),
  };
}
