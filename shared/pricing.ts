/**
 * The price list and booking terms. Defined once: the home page's price cards and the contact page's terms
 * both read from here, so what a client agrees to is what they were shown.
 * Amounts are whole shekels (ILS).
 */
export const CURRENCY = 'ILS';

export type PriceCardId = 'entrance' | 'choice' | 'video' | 'custom';

export interface PriceCard {
  id: PriceCardId;
  /** The headline amount, or null when the price is set after a consultation. */
  amount: number | null;
  /** Whether the headline amount is a starting price ("from 6 ₪"). */
  from: boolean;
  /** Amounts quoted in the card's detail lines, by the name the translations use. */
  details: Record<string, number>;
}

export const PRICE_CARDS: readonly PriceCard[] = [
  { id: 'entrance', amount: 60, from: false, details: { deposit: 10, additionalHorse: 30 } },
  { id: 'choice', amount: 6, from: true, details: { includedImages: 2 } },
  { id: 'video', amount: 150, from: false, details: { deposit: 40 } },
  { id: 'custom', amount: null, from: false, details: {} },
];

export const PAYMENT_METHODS = ['bit', 'cash', 'paybox'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The booking terms, in the order they are shown. Their texts live in the `terms` translations. */
export const BOOKING_TERMS = {
  deliveryBusinessDays: 10,
  fullRefundHoursBeforeHeat: 10,
} as const;

export const BOOKING_TERM_KEYS = ['delivery', 'refund', 'photographerCancels', 'noRefundAfterDelivery'] as const;
