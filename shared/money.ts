import { CURRENCY } from './pricing';

/** Formats whole shekels for a locale: "60 ₪" in Hebrew, "₪60" in English, "60 ₪" in French. */
export function formatShekels(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: CURRENCY,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(amount);
}
