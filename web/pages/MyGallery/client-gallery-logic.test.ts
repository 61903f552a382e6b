import { describe, expect, it } from 'vitest';
import { DENSE_PAGE_SIZE } from '../../../shared/gallery-constants';
import { DENSE_PAGE_SIZE as SCHEMA_DENSE_PAGE_SIZE } from '../../../shared/schemas/gallery';
import type { MediaView } from '../../../shared/schemas/media';
import { groupByDay } from './day-groups';
import {
  LAYOUT_STORAGE_KEY,
  layoutFor,
  PAGE_SIZE_OF,
  pageAfterSwitch,
  readLayout,
  rememberLayout,
} from './gallery-layout';

function item(id: string, addedAt?: string): MediaView {
  return {
    id,
    kind: 'image',
    name: `${id}.jpg`,
    width: 10,
    height: 10,
    placeholder: null,
    image: { src: '', srcset: { avif: '', webp: '', jpeg: '' } },
    video: null,
    duration: null,
    ...(addedAt ? { addedAt } : {}),
  };
}

/** A local time of day `day` of November 2026, as an ISO moment (the grouping reads days in the local zone). */
const at = (day: number, hour: number) => new Date(2026, 10, day, hour).toISOString();

describe('a client gallery layout', () => {
  it('asks the server for the dense page size it accepts', () => {
    expect(DENSE_PAGE_SIZE).toBe(SCHEMA_DENSE_PAGE_SIZE);
    expect(PAGE_SIZE_OF).toEqual({ grid: 48, large: 6 });
  });

  it("switches to the other layout's page that holds the first item in view", () => {
    expect(pageAfterSwitch(1, 6, 48)).toBe(1);
    expect(pageAfterSwitch(8, 6, 48)).toBe(1);
    expect(pageAfterSwitch(9, 6, 48)).toBe(2);
    expect(pageAfterSwitch(2, 48, 6)).toBe(9);
    expect(pageAfterSwitch(1, 48, 6)).toBe(1);
  });

  it('is the dense grid for a big gallery and the collage for a small one, until the client chooses', () => {
    expect(layoutFor(null, 13)).toBe('grid');
    expect(layoutFor(null, 12)).toBe('large');
    expect(layoutFor(null, 0)).toBe('large');
    expect(layoutFor('large', 500)).toBe('large');
    expect(layoutFor('grid', 2)).toBe('grid');
  });

  it('is remembered, and nothing is when storage refuses', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    expect(readLayout(storage)).toBeNull();
    store.set(LAYOUT_STORAGE_KEY, 'mosaic');
    expect(readLayout(storage)).toBeNull();
    rememberLayout(storage, 'large');
    expect(store.get(LAYOUT_STORAGE_KEY)).toBe('large');
    expect(readLayout(storage)).toBe('large');
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readLayout(refusing)).toBeNull();
    expect(() => rememberLayout(refusing, 'large')).not.toThrow();
    expect(readLayout(undefined)).toBeNull();
  });
});

describe('groupByDay', () => {
  it('starts a heading wherever the day changes, keeping gallery order and places on the page', () => {
    const items = [item('a', at(22, 9)), item('b', at(22, 18)), item('c', at(24, 10)), item('d', at(22, 11))];
    const groups = groupByDay(items, 'en');
    expect(groups.map((group) => [group.key, group.items.map(({ item: i, index }) => `${i.id}${index}`)])).toEqual([
      ['2026-11-22', ['a0', 'b1']],
      ['2026-11-24', ['c2']],
      ['2026-11-22', ['d3']],
    ]);
    expect(groups[0]?.label).toBe('November 22, 2026');
    expect(groupByDay(items, 'he')[1]?.label).toBe('24 בנובמבר 2026');
  });

  it('puts items without a date under no heading', () => {
    const groups = groupByDay([item('a'), item('b', 'not a date'), item('c', at(1, 12))], 'en');
    expect(groups.map((group) => [group.key, group.label, group.items.length])).toEqual([
      ['', null, 2],
      ['2026-11-01', 'November 1, 2026', 1],
    ]);
  });
});
