import type { SessionUser } from '../../../shared/schemas/session';
import { AppError } from '../../errors';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import type { OrderRecord, OrderRepository } from '../../repositories/order-repository';
import type { MediaAccess } from '../media/media-access';
import { deliveredCopyId } from './order-delivery-job';

const noSuchOrder = () => new AppError('not-found', 'There is no such order.');
const notDeliveredYet = () =>
  new AppError('order-not-delivered', 'The photos of this order can be downloaded once it is delivered.');

/**
 * What a delivered order gave its client, for their Download All of that order (GET /api/me/orders/:id/archive).
 * Another account's order is answered exactly as one that does not exist.
 */
export function createOrderDownloads(deps: {
  access: Pick<MediaAccess, 'ownFolder'>;
  orders: Pick<OrderRepository, 'findById' | 'itemsOf'>;
  media: Pick<MediaRepository, 'findVisibleByIds'>;
}) {
  return {
    /**
     * The items of the user's delivered order `orderId`, in the order they were picked (those still visible). A
     * competition order's photos were copied into the client's gallery: each copy is what it delivered, and the
     * competition's photo stands in while the copy is not made yet (or was removed from the gallery).
     */
    async deliveredItems(user: SessionUser, orderId: string): Promise<{ order: OrderRecord; records: MediaRecord[] }> {
      deps.access.ownFolder(user);
      const order = await deps.orders.findById(orderId);
      if (!order || order.accountId !== user.id) throw noSuchOrder();
      if (order.status !== 'delivered') throw notDeliveredYet();
      const ids = (await deps.orders.itemsOf([order.id])).get(order.id) ?? [];
      const copyOf = (id: string) => (order.scope === order.folder ? undefined : deliveredCopyId(order.id, id));
      const wanted = ids.flatMap((id) => [copyOf(id), id].filter((candidate) => candidate !== undefined));
      const visible = new Map((await deps.media.findVisibleByIds(wanted)).map((record) => [record.id, record]));
      const records = ids
        .map((id) => visible.get(copyOf(id) ?? id) ?? visible.get(id))
        .filter((record) => record !== undefined);
      return { order, records };
    },
  };
}

export type OrderDownloads = ReturnType<typeof createOrderDownloads>;
