import { CURRENCY } from '../../shared/pricing';
import type { AdminOrder, ClientOrder, MoneyView } from '../../shared/schemas/proofing';
import type { MediaRecord } from '../repositories/media-repository';
import type { OrderEvent, OrderRecord } from '../repositories/order-repository';
import type { MediaUrls } from './media-urls';

/** Orders are priced in the site's one currency; the column keeps it for the record. */
const money = (amount: number): MoneyView => ({ amount, currency: CURRENCY });

/** An order as its client sees it. */
export function presentClientOrder(order: OrderRecord, history: OrderEvent[]): ClientOrder {
  return {
    id: order.id,
    status: order.status,
    count: order.itemCount,
    total: money(order.totalAmount),
    note: order.note,
    createdAt: order.createdAt,
    history,
  };
}

export interface OrderClient {
  name: string;
  email: string;
}

/** The competition (and the entry) an order came from; nulls for an order from the client's own gallery. */
export type OrderOrigin = Pick<AdminOrder, 'event' | 'entry'>;

/** An order in the photographer's tab: the client, clean thumbnails of the picks, the payment and the history. */
export function presentAdminOrder(
  order: OrderRecord,
  history: OrderEvent[],
  items: MediaRecord[],
  client: OrderClient,
  urls: MediaUrls,
  origin: OrderOrigin,
): AdminOrder {
  return {
    kind: order.kind,
    ...origin,
    ...presentClientOrder(order, history),
    client: { ...client, folder: order.folder },
    items: items.map((item) => ({
      id: item.id,
      name: item.name,
      kind: item.isVideo ? 'video' : 'image',
      thumbnail: thumbnailOf(item, urls),
    })),
    payment:
      order.paymentMethod && order.paidAt
        ? {
            method: order.paymentMethod as 'bit' | 'cash' | 'paybox',
            amount: money(order.paidAmount ?? order.totalAmount),
            paidAt: order.paidAt,
          }
        : null,
    delivery: order.delivery,
  };
}

/** The smallest clean picture of an item (a video's poster), signed: the admin's thumbnails are never watermarked. */
function thumbnailOf(item: MediaRecord, urls: MediaUrls): string {
  const smallest = item.derivatives
    .filter(
      (derivative) => derivative.role === 'image' && (derivative.format === 'jpeg' || derivative.format === 'png'),
    )
    .toSorted((a, b) => a.width - b.width)[0];
  return smallest ? urls.url(item.id, smallest.file, { signed: true }) : '';
}
