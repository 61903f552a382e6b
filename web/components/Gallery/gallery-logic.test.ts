// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { GALLERY_TYPES, PAGE_SIZE } from '../../../shared/gallery-constants';
import { GALLERY_PAGE_SIZE, galleryTypeSchema } from '../../../shared/schemas/gallery';
import type { MediaView } from '../../../shared/schemas/media';
import { tileVariant } from './collage';
import { stepForKey, stepForSwipe } from './direction';
import { fileNameFromDisposition } from './download';
import { pageEntries } from './pagination';
import { readGalleryUrl } from './useGalleryUrl';
import { PRELOADS_PER_TASK, preloadPageImages, WARM_BATCH_SIZE, WARM_GAP_MS, warmFollowingPages } from './warm';

describe('the browser-side gallery constants', () => {
  it('equal the shared schema', () => {
    expect(PAGE_SIZE).toBe(GALLERY_PAGE_SIZE);
    expect([...GALLERY_TYPES]).toEqual(galleryTypeSchema.options);
  });
});

describe('the collage pattern', () => {
  it('repeats wide, half, half', () => {
    expect(Array.from({ length: 7 }, (_, i) => tileVariant(i))).toEqual([
      'wide',
      'half',
      'half',
      'wide',
      'half',
      'half',
      'wide',
    ]);
  });
});

describe('page buttons', () => {
  const numbers = (current: number, count: number) =>
    pageEntries(current, count).map((entry) => (entry.kind === 'page' ? entry.page : '…'));

  it('shows none for a single page and every page when there are few', () => {
    expect(numbers(1, 0)).toEqual([]);
    expect(numbers(1, 1)).toEqual([]);
    expect(numbers(2, 3)).toEqual([1, 2, 3]);
    expect(numbers(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, last, current and neighbouring pages of a long gallery, within 9 entries', () => {
    expect(numbers(1, 50)).toEqual([1, 2, 3, 4, 5, '…', 50]);
    expect(numbers(25, 50)).toEqual([1, '…', 24, 25, 26, '…', 50]);
    expect(numbers(50, 50)).toEqual([1, '…', 46, 47, 48, 49, 50]);
    for (let current = 1; current <= 40; current++) {
      const row = numbers(current, 40);
      expect(row).toContain(current);
      expect(row.length).toBeLessThanOrEqual(9);
      const pages = row.filter((n): n is number => typeof n === 'number');
      expect(pages).toEqual([...pages].sort((a, b) => a - b));
    }
  });
});

describe('keys and swipes follow the reading direction', () => {
  it('makes ArrowRight next in LTR and ArrowLeft next in RTL', () => {
    expect(stepForKey('ArrowRight', 'ltr')).toBe(1);
    expect(stepForKey('ArrowLeft', 'ltr')).toBe(-1);
    expect(stepForKey('ArrowLeft', 'rtl')).toBe(1);
    expect(stepForKey('ArrowRight', 'rtl')).toBe(-1);
    expect(stepForKey('ArrowUp', 'rtl')).toBe(0);
    expect(stepForKey('Enter', 'ltr')).toBe(0);
  });

  it('pulls the next item in with a swipe against the reading direction, and ignores short or vertical moves', () => {
    expect(stepForSwipe(-120, 5, 'ltr')).toBe(1);
    expect(stepForSwipe(120, 5, 'ltr')).toBe(-1);
    expect(stepForSwipe(120, 5, 'rtl')).toBe(1);
    expect(stepForSwipe(-120, 5, 'rtl')).toBe(-1);
    expect(stepForSwipe(-30, 0, 'ltr')).toBe(0);
    expect(stepForSwipe(-80, 200, 'ltr')).toBe(0);
  });
});

describe('the gallery URL', () => {
  it('reads filter, page and open item, and falls back to the defaults on anything else', () => {
    expect(readGalleryUrl(new URLSearchParams('type=videos&page=3&item=abc'))).toEqual({
      type: 'videos',
      page: 3,
      item: 'abc',
    });
    for (const search of ['', 'type=photos&page=0', 'page=-2', 'page=1.5', 'page=x&item=']) {
      expect(readGalleryUrl(new URLSearchParams(search))).toEqual({ type: 'all', page: 1, item: null });
    }
  });
});

describe('download names', () => {
  it('prefers the RFC 6266 filename* and keeps Hebrew intact', () => {
    const header = `attachment; filename="____.jpg"; filename*=UTF-8''${encodeURIComponent('קפיצה.jpg')}`;
    expect(fileNameFromDisposition(header, 'x')).toBe('קפיצה.jpg');
    expect(fileNameFromDisposition('attachment; filename="ride.zip"', 'x')).toBe('ride.zip');
    expect(fileNameFromDisposition(null, 'gallery.zip')).toBe('gallery.zip');
  });
});

describe('background warming', () => {
  const item = (id: string) => ({ id }) as MediaView;
  const pages = (count: number, size = 6) =>
    Array.from({ length: count }, (_, p) => Array.from({ length: size }, (_, i) => item(`p${p + 1}-${i}`)));

  it('warms the following pages to the last one, 40 ms apart, pausing for idle time after every 24 images', async () => {
    const all = pages(10);
    const events: string[] = [];
    const warmed = await warmFollowingPages({
      fromPage: 3,
      pageCount: 10,
      signal: new AbortController().signal,
      loadPage: async (n) => {
        events.push(`page ${n}`);
        return all[n - 1] ?? [];
      },
      preload: async (media) => {
        events.push(media.id);
      },
      wait: async (ms) => {
        events.push(`wait ${ms}`);
      },
      betweenBatches: async () => {
        events.push('idle');
      },
    });
    expect(warmed).toBe(48);
    expect(events.filter((e) => e.startsWith('page'))).toEqual([3, 4, 5, 6, 7, 8, 9, 10].map((n) => `page ${n}`));
    expect(events.filter((e) => e === 'idle')).toHaveLength(48 / WARM_BATCH_SIZE);
    expect(events.filter((e) => e === `wait ${WARM_GAP_MS}`)).toHaveLength(48 - 2);
    expect(events.indexOf('idle')).toBe(events.indexOf('p6-5') + 1);
  });

  it("asks for the next page's pictures four per task, all at once within a task, and waits for every one", async () => {
    const events: string[] = [];
    const finish: Array<() => void> = [];
    const done = preloadPageImages(pages(1, 10)[0] ?? [], {
      preload: (media, index) => {
        events.push(`${media.id}@${index}`);
        return new Promise((resolve) => finish.push(resolve));
      },
      nextTask: async () => {
        events.push('next task');
      },
    });
    let settled = false;
    void done.then(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(finish).toHaveLength(10));
    expect(PRELOADS_PER_TASK).toBe(4);
    expect(events).toEqual([
      ...['p1-0@0', 'p1-1@1', 'p1-2@2', 'p1-3@3', 'next task'],
      ...['p1-4@4', 'p1-5@5', 'p1-6@6', 'p1-7@7', 'next task'],
      ...['p1-8@8', 'p1-9@9'],
    ]);
    for (const resolve of finish.slice(0, 9)) resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    finish[9]?.();
    await done;
  });

  it('stops at the last page and as soon as it is aborted', async () => {
    const all = pages(4);
    const controller = new AbortController();
    const seen: string[] = [];
    const warmed = await warmFollowingPages({
      fromPage: 3,
      pageCount: 4,
      signal: controller.signal,
      loadPage: async (n) => all[n - 1] ?? [],
      preload: async (media) => {
        seen.push(media.id);
        if (seen.length === 8) controller.abort();
      },
      wait: async () => undefined,
      betweenBatches: async () => undefined,
    });
    expect(warmed).toBe(8);
    expect(seen.at(-1)).toBe('p4-1');
  });
});
