import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, type OrderStatus } from '../../../../shared/schemas/proofing';
import { OrderCard } from './OrderCard';
import { ordersApi, ordersKeys } from './orders-api';
import './orders.css';
import { AdminPanel } from '../shared/AdminPanel';
import { PanelQueryState } from '../shared/PanelQueryState';

/**
 * The orders tab: every client's sent selections, newest first, filtered by status; each a card with the client,
 * the picked photos, the note, the amount, the history and what can be done next.
 */
export function OrdersPanel() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const query = useQuery({ queryKey: ordersKeys.list(status), queryFn: () => ordersApi.orders(status) });
  const orders = [...(query.data?.orders ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <AdminPanel className="orders-panel" titleId="orders-title" title={t('orders.title')}>
      <fieldset className="orders-filter">
        <legend className="visually-hidden">{t('orders.filter')}</legend>
        {[null, ...ORDER_STATUSES].map((value) => (
          <button
            key={value ?? 'all'}
            type="button"
            className="orders-filter__button"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {value ? t(`orders.status.${value}`) : t('orders.all')}
          </button>
        ))}
      </fieldset>
      <PanelQueryState
        query={query}
        error={t('orders.loadFailed')}
        isEmpty={() => orders.length === 0}
        empty={status ? t('orders.emptyFiltered') : t('orders.empty')}
      >
        {() => (
          <>
            <p className="muted">{t('orders.count', { count: orders.length })}</p>
            <ul className="order-list">
              {orders.map((order) => (
                <OrderCard key={order.id} order={order} />
              ))}
            </ul>
          </>
        )}
      </PanelQueryState>
    </AdminPanel>
  );
}
