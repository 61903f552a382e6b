import { describe, expect, it } from 'vitest';
import { heatKey, priceOfBooking } from './booking-price';

describe('priceOfBooking', () => {
  it('prices images by entrance per heat: the price per person, each additional horse, a deposit per heat', () => {
    const one = priceOfBooking('entrance', [{ heat: 'Class 3' }]);
    expect(one).toEqual({
      total: { amount: 6_000, currency: 'ILS' },
      deposit: { amount: 1_000, currency: 'ILS' },
      heats: 1,
    });
    const three = priceOfBooking('entrance', [{ heat: 'Class 3' }, { heat: ' class  3' }, { heat: 'Class 5' }]);
    expect(three.total?.amount).toBe(6_000 + 3_000 + 6_000);
    expect(three.deposit?.amount).toBe(2_000);
    expect(three.heats).toBe(2);
  });

  it('takes the video package as a whole, the deposit of images by choice, and nothing for a custom package', () => {
    const horses = [{ heat: 'A' }, { heat: 'B' }];
    expect(priceOfBooking('video', horses)).toMatchObject({ total: { amount: 15_000 }, deposit: { amount: 4_000 } });
    expect(priceOfBooking('choice', horses)).toMatchObject({ total: null, deposit: { amount: 1_200 } });
    expect(priceOfBooking('custom', horses)).toMatchObject({ total: null, deposit: null });
  });

  it('treats heat names written differently as one heat', () => {
    expect(heatKey(' Grand  Prix ')).toBe(heatKey('grand prix'));
    expect(heatKey('מקצה 3')).not.toBe(heatKey('מקצה 4'));
  });
});
