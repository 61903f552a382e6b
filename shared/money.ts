import { intlText } from './intl-texts';
import { AGOROT_PER_SHEKEL, CURRENCY, type Money } from './pricing';

/** Formats whole shekels for a locale: "60 ₪" in Hebrew, "₪60" in English, "60 ₪" in French. */
export function formatShekels(amount: number, locale: string): string {
  return intlText(`shekels ${locale} ${amount}`, () =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: CURRENCY,
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    }).format(amount),
  );
}

/**
 * Money (whole agorot) as people read it in `locale`: Intl's currency style, with the agorot ("₪6.00"). Money is kept
 * in agorot everywhere else; only this divides.
 */
export function formatMoney(money: Money | { amount: number; currency: string }, locale: string): string {
  return intlText(`money ${locale} ${money.currency} ${money.amount}`, () =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency }).format(
      money.amount / AGOROT_PER_SHEKEL,
    ),
  );
}

/** Whole agorot as a plain decimal of shekels ("6.00"), for files a spreadsheet adds up (a CSV for the accountant). */
export function decimalShekels(amount: number): string {
  return (amount / AGOROT_PER_SHEKEL).toFixed(2);
}
