import type { BusinessDetails, BusinessDetailsInput, ReceiptList } from '../../../../shared/schemas/receipts';
import { apiFetch } from '../../../api/client';

/** The photographer's side of receipts (server/routes/admin/receipts.ts). */
export const receiptsApi = {
  business: () => apiFetch<{ details: BusinessDetails | null }>('/api/admin/business'),
  saveBusiness: (details: BusinessDetailsInput) =>
    apiFetch<{ details: BusinessDetails }>('/api/admin/business', { method: 'PUT', json: details }),
  list: (year: number) => apiFetch<ReceiptList>(`/api/admin/receipts?year=${year}`),
};

/** A year's receipts as CSV: a plain link, so the browser saves the file the server names. */
export const receiptsCsvUrl = (year: number) => `/api/admin/receipts.csv?year=${year}`;

export const receiptsKeys = {
  business: ['admin', 'business'] as const,
  list: (year: number) => ['admin', 'receipts', year] as const,
};
