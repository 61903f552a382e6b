import type { ClientOrder } from '../../../shared/schemas/proofing';
import { useNamespace } from '../../hooks/useNamespace';
import { OrderDownloads } from './OrderDownloads';
import { OrderPayment } from './OrderPayment';
import { OrderReceiptLink } from './OrderReceiptLink';

/**
 * What the client does next with an order, wherever the order shows (their gallery, an event page, My orders): how
 * to pay and a way to report it while it is unpaid, the receipt once paid, and Download All once delivered. Each
 * part renders nothing when it does not apply.
 */
export function OrderNextSteps({ order }: { order: ClientOrder }) {
  const ready = useNamespace('sales');
  if (!ready) return null;
  return (
    <>
      <OrderPayment order={order} />
      <OrderReceiptLink order={order} />
      <OrderDownloads order={order} />
    </>
  );
}
