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

/** Money is kept and computed as whole agorot (1 ₪ = 100 agorot); only the display divides. */
export const AGOROT_PER_SHEKEL = 100;

export interface Money {
  /** Whole agorot. */
  amount: number;
  currency: typeof CURRENCY;
}

/** Shekels from the price list as money. */
export function shekels(amount: number): Money {
  return { amount: Math.round(amount * AGOROT_PER_SHEKEL), currency: CURRENCY };
}

function cardDetail(id: PriceCardId, detail: string): number {
  const value = PRICE_CARDS.find((card) => card.id === id)?.details[detail];
  if (value === undefined) throw new Error(`price list has no ${id}.${detail}`);
  return value;
}

function cardAmount(id: PriceCardId): number {
  const value = PRICE_CARDS.find((card) => card.id === id)?.amount;
  if (value === undefined || value === null) throw new Error(`price list has no amount for ${id}`);
  return value;
}

/** What a selection of picked photos costs, as the "images by choice" card sells it. */
export interface PicksPrice {
  count: number;
  /** Picks covered by the deposit (at most the card's included images). */
  included: number;
  /** How many picks the deposit can cover here: the card's included images, or 0 when the deposit was used. */
  includedLimit: number;
  /** Price of each pick beyond the included ones, in agorot. */
  unitAmount: number;
  total: Money;
}

/**
 * The price of `count` picks: the first `includedLimit` are included (by default the card's included images, 2, which
 * the deposit covers), every further one costs the card's price (6 ₪). The server passes the client's own allowance
 * (`includedPicksFor`, and 0 once their first order has used it); the server's order total and the browser's live
 * summary both come from here; the browser only displays it.
 */
export function priceOfPicks(count: number, options: { includedLimit?: number } = {}): PicksPrice {
  const unitAmount = shekels(cardAmount('choice')).amount;
  const includedLimit = options.includedLimit ?? cardDetail('choice', 'includedImages');
  const included = Math.min(count, includedLimit);
  return {
    count,
    included,
    includedLimit,
    unitAmount,
    total: { amount: (count - included) * unitAmount, currency: CURRENCY },
  };
}

/** The most picks the photographer can include for one client. */
export const INCLUDED_PICKS_MAX = 999;

/** What decides how many picks a client's first order includes. */
export interface IncludedPicksRule {
  /** The number the photographer set for this client; null when they set none. */
  setByPhotographer: number | null;
  /** Whether the photographer invited the client, rather than the client signing up on the site. */
  invited: boolean;
}

/**
 * How many picks a client's first order includes: the number the photographer set for them; else, for a client who
 * signed up (and paid the deposit when booking), the price list's included images (2); for an invited client, who
 * paid no deposit, none: they pay from the first pick. Later orders include none (the server passes 0).
 */
export function includedPicksFor(rule: IncludedPicksRule): number {
  if (rule.setByPhotographer !== null) return rule.setByPhotographer;
  return rule.invited ? 0 : cardDetail('choice', 'includedImages');
}

/** What a selection's summary shows of its price: the count, what the deposit covers, each further pick's price. */
export interface PicksSummaryPrice {
  count: number;
  included: number;
  includedLimit: number;
  unitPrice: Money;
  total: Money;
}

/**
 * `priceOfPicks` as a selection's summary states it: the server's answer to a pick, and the browser's own update of
 * the summary at a toggle before that answer arrives, say the same.
 */
export function picksSummaryPrice(count: number, options: { includedLimit?: number } = {}): PicksSummaryPrice {
  const price = priceOfPicks(count, options);
  return {
    count: price.count,
    included: price.included,
    includedLimit: price.includedLimit,
    unitPrice: { amount: price.unitAmount, currency: price.total.currency },
    total: price.total,
  };
}

/** What a whole competition entry costs. */
export interface EntryPrice {
  horses: number;
  /** The price per entry (the first horse), in agorot. */
  unitAmount: number;
  total: Money;
}

/**
 * The price of a whole entry, as the "images by entrance" card sells it: the price per person, plus each additional
 * horse the rider showed in the same heat.
 */
export function priceOfEntry(horses: number): EntryPrice {
  const unitAmount = shekels(cardAmount('entrance')).amount;
  const additional = shekels(cardDetail('entrance', 'additionalHorse')).amount;
  const count = Math.max(1, horses);
  return { horses: count, unitAmount, total: { amount: unitAmount + (count - 1) * additional, currency: CURRENCY } };
}

/**
 * Every way a client can pay, in the order the photographer's panel offers them: the kinds of payment method the
 * photographer sets up (shared/schemas/payments.ts), the method a client reports, and the one "mark paid" records.
 */
export const PAYMENT_METHODS = ['bit', 'paybox', 'bank', 'cash', 'link'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The methods the published price list and booking terms name. The terms a client accepts are versioned by their
 * text, so naming another method there makes every client accept them again: that is a decision of its own, not a
 * side effect of a new kind of method.
 */
export const ADVERTISED_PAYMENT_METHODS = ['bit', 'cash', 'paybox'] as const satisfies readonly PaymentMethod[];

/** The booking terms, in the order they are shown. Their texts live in the `terms` translations. */
export const BOOKING_TERMS = {
  deliveryBusinessDays: 10,
  fullRefundHoursBeforeHeat: 10,
} as const;

export const BOOKING_TERM_KEYS = ['delivery', 'refund', 'photographerCancels', 'noRefundAfterDelivery'] as const;
