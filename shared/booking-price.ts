import { CURRENCY, type Money, PRICE_CARDS, type PriceCardId, priceOfEntry, shekels } from './pricing';

/** What a booking request comes to, from the price list; null where the price list names no amount. */
export interface BookingPrice {
  /** The whole price, or null when it depends on later choices (images by choice) or on a consultation (custom). */
  total: Money | null;
  /** The deposit that secures the booking, or null when the price list sets none (custom). */
  deposit: Money | null;
  /** How many heats the horses ride in (distinct heat names). */
  heats: number;
}

function card(id: PriceCardId) {
  const found = PRICE_CARDS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`price list has no ${id}`);
  return found;
}

function times(money: Money, count: number): Money {
  return { amount: money.amount * count, currency: money.currency };
}

/** Heat names compare without case, width variants or extra spaces: "Class 3 " and "class 3" are one heat. */
export function heatKey(heat: string): string {
  return heat.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

/**
 * The price and deposit of a booking, as the price list sells each package:
 * - images by entrance: each heat is one entry at the price per person, plus each additional horse in that heat
 *   (`priceOfEntry`); each entry includes the card's deposit;
 * - images by choice: the deposit pays for the images it includes (the first two, at the price per image); the rest
 *   depends on the images chosen later, so there is no total yet;
 * - video: the card's price and deposit;
 * - custom: priced after a consultation, so neither.
 * The server stores what this returns with the request; the form shows the same figures from the same code.
 */
export function priceOfBooking(packageId: PriceCardId, horses: ReadonlyArray<{ heat: string }>): BookingPrice {
  const heats = new Map<string, number>();
  for (const horse of horses) heats.set(heatKey(horse.heat), (heats.get(heatKey(horse.heat)) ?? 0) + 1);
  const entry = card(packageId);
  switch (packageId) {
    case 'entrance': {
      let amount = 0;
      for (const count of heats.values()) amount += priceOfEntry(count).total.amount;
      return {
        total: { amount, currency: CURRENCY },
        deposit: times(shekels(entry.details.deposit ?? 0), heats.size),
        heats: heats.size,
      };
    }
    case 'choice':
      return {
        total: null,
        deposit: times(shekels(entry.amount ?? 0), entry.details.includedImages ?? 0),
        heats: heats.size,
      };
    case 'video':
      return { total: shekels(entry.amount ?? 0), deposit: shekels(entry.details.deposit ?? 0), heats: heats.size };
    case 'custom':
      return { total: null, deposit: null, heats: heats.size };
  }
}
