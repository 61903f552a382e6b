import type { Language } from '../../shared/i18n/languages';
import { decimalShekels } from '../../shared/money';
import { CURRENCY, type PaymentMethod } from '../../shared/pricing';
import type { ReceiptList, ReceiptSummary } from '../../shared/schemas/receipts';
import { serverTranslator } from '../i18n/locale-files';
import type { ReceiptRecord, ReceiptRef } from '../repositories/receipt-repository';
import type { ReceiptYear } from '../services/proofing/receipts';
import { csvLine } from './csv';

/** A receipt's number as it is printed and quoted: the year, then the year's sequence on four digits ("2026-0001"). */
export function receiptNumberText({ year, number }: ReceiptRef): string {
  return `${year}-${String(number).padStart(4, '0')}`;
}

/** The printable page of an order's receipt, for its owner (and the photographer). */
export const clientReceiptUrl = (orderId: string) => `/api/me/orders/${encodeURIComponent(orderId)}/receipt`;

/** The printable page of a receipt by its number, in the photographer's panel. */
export const adminReceiptUrl = ({ year, number }: ReceiptRef) => `/api/admin/receipts/${year}/${number}`;

/** A receipt in the photographer's list. */
export function presentReceiptSummary(receipt: ReceiptRecord): ReceiptSummary {
  return {
    number: receiptNumberText(receipt),
    url: adminReceiptUrl(receipt),
    orderId: receipt.orderId,
    paidOn: receipt.paidOn,
    issuedAt: receipt.issuedAt,
    client: receipt.client,
    amount: { amount: receipt.amount, currency: CURRENCY },
    method: receipt.paymentMethod as PaymentMethod,
  };
}

export function presentReceiptList({ year, years, receipts }: ReceiptYear): ReceiptList {
  return { year, years, receipts: receipts.map(presentReceiptSummary) };
}

const CSV_COLUMNS = [
  'number',
  'paidOn',
  'clientName',
  'clientEmail',
  'amount',
  'currency',
  'method',
  'orderId',
  'issuedAt',
] as const;

/**
 * A year's receipts as a CSV file for the accountant, headed in the photographer's language: one record per receipt
 * in number order, the amount as a plain decimal a spreadsheet can add up, and the dates as YYYY-MM-DD. Client names
 * and e-mails come from the public, so csvLine makes every cell safe to open. A byte-order mark lets spreadsheet
 * programs read the Hebrew and Arabic names as UTF-8.
 */
export function receiptsCsv(receipts: readonly ReceiptRecord[], language: Language): string {
  const t = serverTranslator(language, 'sales');
  const home = serverTranslator(language, 'home');
  const lines = receipts.map((receipt) => {
    const cells: Record<(typeof CSV_COLUMNS)[number], string> = {
      number: receiptNumberText(receipt),
      paidOn: receipt.paidOn,
      clientName: receipt.client.name,
      clientEmail: receipt.client.email,
      amount: decimalShekels(receipt.amount),
      currency: receipt.currency,
      method: home(`pricing.methods.${receipt.paymentMethod}`),
      orderId: receipt.orderId,
      issuedAt: receipt.issuedAt,
    };
    return csvLine(CSV_COLUMNS.map((column) => cells[column]));
  });
  return `\uFEFF${csvLine(CSV_COLUMNS.map((column) => t(`receipt.csv.${column}`)))}${lines.join('')}`;
}
