import type { PaymentKind } from '../../shared/schemas/payments';
import type { ClientOrder } from '../../shared/schemas/proofing';
import { apiFetch } from './client';

/** The client's side of paying (POST /api/me/orders/:id/payment-report): the answer is the order with its report. */
export const paymentsApi = {
  report: (orderId: string, body: { method: PaymentKind; note: string }) =>
    apiFetch<ClientOrder>(`/api/me/orders/${encodeURIComponent(orderId)}/payment-report`, {
      method: 'POST',
      json: body,
    }),
};

/** Every query that shows a client's orders: their gallery's picks and orders, and an event page's picks. */
export const ORDER_QUERY_PREFIXES = [['proofing'], ['events', 'picks']] as const;
