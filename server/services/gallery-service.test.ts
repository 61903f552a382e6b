import { describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import type { GalleryIndex, GalleryScope } from '../repositories/gallery-repository';
import type { GalleryCursor, MediaRecord } from '../repositories/media-repository';
import { createGalleryService } from './gallery-service';

/** A fake gallery of `total` items (positions 0…total-1) whose page index "takes" `buildMs` on a fake clock. */
function fakeGallery(initialTotal: number, buildMs: number) {
  const clock = { now: 0 };
  const state = { total: initialTotal, builds: 0, listed: [] as Array<GalleryCursor | undefined> };
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `m${i}`);
  const service = createGalleryService({
    now: () => clock.now,
    gallery: {
      async pageIndex(_scope: GalleryScope, pageSize: number): Promise<GalleryIndex> {
        state.builds++;
        clock.now += buildMs;
        const boundaries = ids(state.total)
          .map((id, i) => ({ position: i, id }))
          .filter((_, i) => (i + 1) % pageSize === 0);
        return { total: state.total, boundaries };
      },
    },
    media: {
      async listVisible({ after, limit }) {
        state.listed.push(after);
        const start = after ? after.position + 1 : 0;
        return ids(state.total)
          .slice(start, start + limit)
          .map((id) => ({ id }) as MediaRecord);
      },
    },
  });
  return { clock, state, service };
}

const scope: GalleryScope = { folder: MAIN_GALLERY_FOLDER, kind: 'all' };

describe('gallery pages by number', () => {
  it('starts page N right after the last item of page N-1, without walking the pages before it', async () => {
    const { service, state } = fakeGallery(20, 0);
    const page3 = await service.page(scope, 3);
    expect(page3).toMatchObject({ page: 3, pageCount: 4, total: 20 });
    expect(page3.records.map((r) => r.id)).toEqual(['m12', 'm13', 'm14', 'm15', 'm16', 'm17']);
    expect(state.listed.at(-1)).toEqual({ position: 11, id: 'm11' });
    expect((await service.page(scope, 4)).records.map((r) => r.id)).toEqual(['m18', 'm19']);
    expect(await service.page(scope, 5)).toMatchObject({ records: [], pageCount: 4 });
  });

  it('never caches a small gallery, so a new item shows on the next request', async () => {
    const { service, state } = fakeGallery(6, 0.5);
    expect((await service.page(scope, 1)).total).toBe(6);
    state.total = 7;
    expect((await service.page(scope, 1)).total).toBe(7);
    expect(state.builds).toBe(2);
  });

  it('caches a large gallery for a time proportional to its build, then refreshes it behind a stale answer', async () => {
    const { service, state, clock } = fakeGallery(600, 20);
    expect((await service.page(scope, 1)).total).toBe(600);
    state.total = 606;
    clock.now += 1000; // well inside 20 ms × 100
    expect((await service.page(scope, 100)).total).toBe(600);
    expect(state.builds).toBe(1);
    clock.now += 1500; // past it: this answer is still the old one, the rebuild runs behind it
    expect((await service.page(scope, 1)).total).toBe(600);
    await Promise.resolve();
    expect((await service.page(scope, 101)).total).toBe(606);
    expect(state.builds).toBe(2);
  });

  it('forgets a cached index when told the folder changed', async () => {
    const { service, state } = fakeGallery(600, 20);
    await service.page(scope, 1);
    state.total = 612;
    service.invalidate(MAIN_GALLERY_FOLDER);
    expect((await service.page(scope, 1)).total).toBe(612);
  });
});
