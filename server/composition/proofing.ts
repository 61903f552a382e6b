import { createOrderDownloads } from '../services/proofing/order-downloads';
import { createOrderService } from '../services/proofing/orders';
import { createPicksService } from '../services/proofing/picks';
import type { Foundation } from './foundation';
import type { MediaArea } from './media';

/** Proofing and sales: a client's picks in a proofing gallery, and orders from sent to delivered. */
export function composeProofing(base: Foundation, media: MediaArea) {
  const { config, repositories } = base;
  const picks = createPicksService({
    access: media.access,
    proofing: repositories.proofing,
    orders: repositories.orders,
    media: media.runtime.media,
    clients: repositories.clients,
  });
  return {
    picks,
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
