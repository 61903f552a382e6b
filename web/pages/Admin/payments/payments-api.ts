import type { PaymentSettings } from '../../../../shared/schemas/payments';
import { apiFetch } from '../../../api/client';

/** How clients pay (server/routes/admin/payment-methods.ts): the methods and the reminder's days. */
export const paymentsAdminApi = {
  settings: () => apiFetch<PaymentSettings>('/api/admin/payment-methods'),
  save: (body: unknown) => apiFetch<PaymentSettings>('/api/admin/payment-methods', { method: 'PUT', json: body }),
};

export const paymentsAdminKeys = { settings: ['admin', 'payment-methods'] as const };
