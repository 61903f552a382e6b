import { useTranslation } from 'react-i18next';
import type { ClientOrder } from '../../../shared/schemas/proofing';
import { OrderStatusPanel } from '../../components/Picking/OrderStatusPanel';
import { currentLanguage } from '../../i18n';

/** One order in the list: where it stands, with its next steps (the same panel the client's gallery shows). */
export function OrderEntry({ order }: { order: ClientOrder }) {
  const { i18n } = useTranslation();
  return <OrderStatusPanel order={order} language={currentLanguage(i18n)} />;
}
