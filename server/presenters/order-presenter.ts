import { orderArchiveUrl } from '../../shared/archive-paths';
import { CURRENCY } from '../../shared/pricing';
import type { PaymentKind } from '../../shared/schemas/payments';
import type { AdminOrder, ClientOrder, MoneyView, PicksResponse } from '../../shared/schemas/proofing';
import type { OrderRecord } from '../repositories/order-repository';
import type { MediaUrls } from '../services/media/media-urls';
import type { AdminOrderRecords, OrderWithHistory } from '../services/proofing/orders';
import type { PicksSummary } from '../services/proofing/picks';
import { thumbnailOf } from './media-presenter';
import { presentOrderPayment, presentPaymentReport } from './payment-presenter';
import { clientReceiptUrl, receiptNumberText } from './receipt-presenter';

/** Orders are priced in the site's one currency; the column keeps it for the record. */
const money = (amount: number): MoneyView => ({ amount, currency: CURRENCY });

/** An order as its client sees it. */
export function presentClientOrder(records: OrderWithHistory): ClientOrder {
  const { order, history, receipt } = records;
  return {
    id: order.id,
    status: order.status,
    count: order.itemCount,
    total: money(order.totalAmount),
    note: order.note,
    createdAt: order.createdAt,
    history,
    downloads: order.status === 'delivered' ? downloadsOf(order.id) : null,
    reference: order.reference ?? '',
    payment: presentOrderPayment(records),
    paymentReport: presentPaymentReport(order),
    receipt: receipt ? { number: receiptNumberText(receipt), url: clientReceiptUrl(order.id) } : null,
  };
}

/** A delivered order's Download All, at each size. */
function downloadsOf(orderId: string): NonNullable<ClientOrder['downloads']> {
  return { web: orderArchiveUrl(orderId, 'web'), full: orderArchiveUrl(orderId, 'full') };
}

/** What sending a selection (or a whole entry) answers: the order it made, or the open one it already was. */
export function presentOrderCreated(order: OrderRecord): Pick<ClientOrder, 'id' | 'status' | 'total'> {
  return { id: order.id, status: order.status, total: money(order.totalAmount) };
}

/** The competition (and the entry) an order came from; nulls for an order from the client's own gallery. */
function originOf({ event, entry }: AdminOrderRecords): Pick<AdminOrder, 'event' | 'entry'> {
  if (!event) return { event: null, entry: null };
  return {
    event: { name: event.name, slug: event.slug },
    entry: entry ? { number: entry.number, rider: entry.rider, horse: entry.horse, class: entry.className } : null,
  };
}

/** An order in the photographer's tab: the client, clean thumbnails of the picks, the payment and the history. */
export function presentAdminOrder(records: AdminOrderRecords, urls: MediaUrls): AdminOrder {
  const { order, client } = records;
  const { downloads: _theClients, ...asTheClientSeesIt } = presentClientOrder(records);
  return {
    kind: order.kind,
    ...originOf(records),
    ...asTheClientSeesIt,
    client: { name: client?.fullName ?? '', email: client?.email ?? '', folder: order.folder },
    items: records.items.map((item) => ({
      id: item.id,
      name: item.name,
      kind: item.isVideo ? 'video' : 'image',
      thumbnail: thumbnailOf(item, urls),
      // An edited version replaced its original (and it was not restored to the first one since).
      edited: item.editedAt !== null,
    })),
    payment:
      order.paymentMethod && order.paidAt
        ? {
            method: order.paymentMethod as PaymentKind,
            amount: money(order.paidAmount ?? order.totalAmount),
            paidAt: order.paidAt,
          }
        : null,
    delivery: order.delivery,
    receiptNumber: records.receipt ? receiptNumberText(records.receipt) : null,
  };
}

/** A client's selection and its price, with the order that holds it (or their latest). */
export function presentPicks(summary: PicksSummary): PicksResponse {
  return { ...summary, order: summary.order ? presentClientOrder(summary.order) : null };
}
