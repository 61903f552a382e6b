import { useTranslation } from 'react-i18next';
import type { ClientOrder } from '../../../shared/schemas/proofing';

/**
 * The link to the order's receipt, once it is paid: "Receipt No. 2026-0001", opening the printable page (server-
 * rendered, in the order's language) in a new tab, so the order panel stays where it was.
 */
export function OrderReceiptLink({ order }: { order: ClientOrder }) {
  const { t } = useTranslation('sales');
  if (!order.receipt) return null;
  return (
    <p className="order-receipt">
      <a href={order.receipt.url} target="_blank" rel="noopener" data-testid="order-receipt-link">
        {t('receipt.numberLabel')} <bdi>{order.receipt.number}</bdi>{' '}
        <span className="visually-hidden">({t('receipt.newTab')})</span>
      </a>
    </p>
  );
}
