import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { proofingApi, proofingKeys } from '../../api/proofing';
import { QueryState } from '../../components/QueryState';
import { OrderEntry } from './OrderEntry';

/** The client's orders, newest first; a loading line, an error or an empty state until there are some. */
export function OrderList({ userId }: { userId: string }) {
  const { t } = useTranslation(['sales', 'common']);
  const orders = useQuery({ queryKey: proofingKeys.orders(userId), queryFn: proofingApi.orders });
  return (
    <QueryState
      query={orders}
      loading={t('common:loading')}
      error={t('orders.error')}
      empty={t('orders.empty')}
      isEmpty={(data) => data.orders.length === 0}
    >
      {(data) => (
        <ol className="my-orders">
          {data.orders.map((order) => (
            <li key={order.id}>
              <OrderEntry order={order} />
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}
