import { describe, expect, it } from 'vitest';
import { priceOfPicks } from '../../../shared/pricing';
import { type PicksResponse, ORDER_NOTE_MAX as SHARED_NOTE_MAX } from '../../../shared/schemas/proofing';
import { aClientOrder } from '../../test-orders';
import { formatWhen, ORDER_NOTE_MAX, toggledPicks } from './picks-logic';

const ils = (amount: number) => ({ amount, currency: 'ILS' as const });

/** A picks answer as the server builds it from priceOfPicks. */
function answer(ids: string[], options: { includedLimit?: number; order?: PicksResponse['order'] } = {}) {
  const price = priceOfPicks(ids.length, { includedLimit: options.includedLimit });
  return {
    mediaIds: ids,
    count: price.count,
    included: price.included,
    includedLimit: price.includedLimit,
    includedByPhotographer: false,
    unitPrice: ils(price.unitAmount),
    total: price.total,
    mode: 'proofing',
    locked: false,
    order: options.order ?? null,
    delivered: 0,
  } satisfies PicksResponse;
}

const order = (status: 'submitted' | 'paid' | 'delivered' | 'cancelled'): PicksResponse['order'] =>
  aClientOrder({ id: 'o1', status, total: ils(600) });

describe('an optimistic toggle', () => {
  it('adds and removes the id and prices the selection the server’s way', () => {
    const start = answer(['a', 'b']);
    const three = toggledPicks(start, 'c', true);
    expect(three).toEqual(answer(['a', 'b', 'c']));
    expect(three.total.amount).toBe(priceOfPicks(3).total.amount);
    expect(toggledPicks(three, 'a', false)).toEqual(answer(['b', 'c']));
  });

  it('changes nothing when the state already matches', () => {
    const start = answer(['a']);
    expect(toggledPicks(start, 'a', true)).toBe(start);
    expect(toggledPicks(start, 'z', false)).toBe(start);
  });

  it('charges every pick once the deposit is used', () => {
    const later = answer(['a'], { includedLimit: 0, order: order('delivered') });
    expect(toggledPicks(later, 'b', true).total.amount).toBe(2 * later.unitPrice.amount);
  });

  it('includes as many picks as the server says this client has, not the price list’s', () => {
    const given = answer(['a', 'b', 'c'], { includedLimit: 3 });
    expect(toggledPicks(given, 'd', true)).toMatchObject({ included: 3, total: ils(given.unitPrice.amount) });
  });
});

describe('the browser’s copies of shared values', () => {
  it('has the note limit the server validates with', () => {
    expect(ORDER_NOTE_MAX).toBe(SHARED_NOTE_MAX);
  });

  it('writes history times in the reader’s language, and leaves a value it cannot read as it is', () => {
    const iso = '2026-05-01T10:00:00.000Z';
    expect(formatWhen(iso, 'fr')).toBe(
      new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    );
    expect(formatWhen('soon', 'en')).toBe('soon');
  });
});
