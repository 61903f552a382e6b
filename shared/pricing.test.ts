import { describe, expect, it } from 'vitest';
import { priceOfEntry, priceOfPicks } from './pricing';

describe('the price of picked photos', () => {
  it.each([
    [0, 0, 0],
    [1, 1, 0],
    [2, 2, 0],
    [3, 2, 600],
    [10, 2, 4800],
  ])('%i picks: %i included in the deposit, %i agorot', (count, included, amount) => {
    expect(priceOfPicks(count)).toEqual({
      count,
      included,
      includedLimit: 2,
      unitAmount: 600,
      total: { amount, currency: 'ILS' },
    });
  });

  it('charges every pick once the deposit has been used by an earlier order', () => {
    expect(priceOfPicks(3, { includedAvailable: false }).total.amount).toBe(1800);
    expect(priceOfPicks(0, { includedAvailable: false }).total.amount).toBe(0);
  });
});

describe('the price of a whole competition entry', () => {
  it.each([
    [1, 6000],
    [2, 9000],
    [3, 12000],
  ])('%i horse(s) in the heat: %i agorot', (horses, amount) => {
    expect(priceOfEntry(horses).total).toEqual({ amount, currency: 'ILS' });
  });
});
