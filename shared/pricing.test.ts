import { describe, expect, it } from 'vitest';
import { includedPicksFor, priceOfEntry, priceOfPicks } from './pricing';

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
    expect(priceOfPicks(3, { includedLimit: 0 }).total.amount).toBe(1800);
    expect(priceOfPicks(0, { includedLimit: 0 }).total.amount).toBe(0);
  });

  it('includes as many picks as the client is given', () => {
    expect(priceOfPicks(5, { includedLimit: 3 })).toMatchObject({
      included: 3,
      includedLimit: 3,
      total: { amount: 1200 },
    });
    expect(priceOfPicks(2, { includedLimit: 3 })).toMatchObject({ included: 2, total: { amount: 0 } });
  });
});

describe('the picks a client’s first order includes', () => {
  it.each([
    ['a client who signed up', { setByPhotographer: null, invited: false }, 2],
    ['an invited client', { setByPhotographer: null, invited: true }, 0],
    ['an invited client given 3', { setByPhotographer: 3, invited: true }, 3],
    ['a client who signed up, given none', { setByPhotographer: 0, invited: false }, 0],
    ['a client who signed up, given 5', { setByPhotographer: 5, invited: false }, 5],
  ])('%s: %i', (_who, rule, included) => {
    expect(includedPicksFor(rule)).toBe(included);
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
