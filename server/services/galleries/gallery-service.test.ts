import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { GalleryType } from '../../../shared/schemas/gallery';
import { createChangeFeed } from '../../cache/change-feed';
import { presentPublicGalleryPage } from '../../presenters/gallery-presenter';
import type { GalleryIndex, GalleryScope } from '../../repositories/gallery-repository';
import type { GalleryCursor, MediaRecord } from '../../repositories/media-repository';
import { createMediaUrls } from '../media/media-urls';
import { createGalleryService, GALLERY_TOPIC, type GalleryPageRecords } from './gallery-service';

/** A ready main-gallery picture as the presenter needs it: one JPEG derivative. */
function item(id: string): MediaRecord {
  const jpeg = { file: `480w-${id}.jpg`, role: 'image', format: 'jpeg', contentType: 'image/jpeg', width: 480 };
  return {
    id,
    isVideo: false,
    name: `${id}.jpg`,
    width: 480,
    height: 320,
    placeholder: null,
    duration: null,
    derivatives: [{ ...jpeg, height: 320, size: 1000 }],
  } as unknown as MediaRecord;
}

/**
 * A fake gallery of `total` items (positions 0…total-1) whose page index "takes" `buildMs` on a fake clock. While
 * `state.hold` is set, a build waits for it to resolve after reading the count (a build overtaken by a change).
 */
async function fakeGallery(initialTotal: number, buildMs: number) {
  const clock = { now: 0 };
  const state = {
    total: initialTotal,
    builds: 0,
    listed: [] as Array<GalleryCursor | undefined>,
    hold: null as Promise<void> | null,
  };
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `m${i}`);
  const changes = await createChangeFeed();
  const service = createGalleryService({
    changes,
    now: () => clock.now,
    gallery: {
      async pageIndex(_scope: GalleryScope, pageSize: number): Promise<GalleryIndex> {
        state.builds++;
        const total = state.total;
        if (state.hold) await state.hold;
        clock.now += buildMs;
        const boundaries = ids(total)
          .map((id, i) => ({ position: i, id }))
          .filter((_, i) => (i + 1) % pageSize === 0);
        return { total, boundaries };
      },
    },
    media: {
      async listVisible({ after, limit }) {
        state.listed.push(after);
        const start = after ? after.position + 1 : 0;
        return ids(state.total)
          .slice(start, start + limit)
          .map((id) => item(id));
      },
    },
  });
  // The public answer as server/answers/gallery-answer.ts makes it.
  const urls = createMediaUrls(randomBytes(32));
  const present = (page: GalleryPageRecords) => presentPublicGalleryPage(page, urls);
  const publicAnswer = (type: GalleryType, number: number) => service.publicAnswer(type, number, present);
  const publicPage = async (type: GalleryType, number: number) => present(await service.publicPage(type, number));
  return { clock, state, service, changes, publicAnswer, publicPage };
}

const scope: GalleryScope = { folder: MAIN_GALLERY_FOLDER, kind: 'all' };

describe('gallery pages by number', () => {
  it('starts page N right after the last item of page N-1, without walking the pages before it', async () => {
    const { service, state } = await fakeGallery(20, 0);
    const page3 = await service.page(scope, 3);
    expect(page3).toMatchObject({ page: 3, pageCount: 4, total: 20 });
    expect(page3.records.map((r) => r.id)).toEqual(['m12', 'm13', 'm14', 'm15', 'm16', 'm17']);
    expect(state.listed.at(-1)).toEqual({ position: 11, id: 'm11' });
    expect((await service.page(scope, 4)).records.map((r) => r.id)).toEqual(['m18', 'm19']);
    expect(await service.page(scope, 5)).toMatchObject({ records: [], pageCount: 4 });
  });

  it('never caches a small gallery, so a new item shows on the next request', async () => {
    const { service, state } = await fakeGallery(6, 0.5);
    expect((await service.page(scope, 1)).total).toBe(6);
    state.total = 7;
    expect((await service.page(scope, 1)).total).toBe(7);
    expect(state.builds).toBe(2);
  });

  it('caches a large gallery for a time proportional to its build, then refreshes it behind a stale answer', async () => {
    const { service, state, clock } = await fakeGallery(600, 20);
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
    const { service, state } = await fakeGallery(600, 20);
    await service.page(scope, 1);
    state.total = 612;
    service.invalidate(MAIN_GALLERY_FOLDER);
    expect((await service.page(scope, 1)).total).toBe(612);
  });

  it('forgets a cached index the moment a change of its folder is announced, and only of that folder', async () => {
    const { service, state, changes } = await fakeGallery(600, 20);
    await service.page(scope, 1);
    state.total = 612;
    changes.publish(GALLERY_TOPIC, 'someone@example_com');
    expect((await service.page(scope, 1)).total).toBe(600);
    changes.publish(GALLERY_TOPIC, MAIN_GALLERY_FOLDER);
    expect((await service.page(scope, 1)).total).toBe(612);
  });

  it('builds a missing index once for all the requests that want it at the same time', async () => {
    const { service, state } = await fakeGallery(600, 20);
    const pages = await Promise.all([1, 2, 3, 4, 5].map((n) => service.page(scope, n)));
    expect(pages.map((page) => page.total)).toEqual([600, 600, 600, 600, 600]);
    expect(state.builds).toBe(1);
  });

  it('never keeps an index that was being built when a change was announced', async () => {
    const { service, state, changes } = await fakeGallery(600, 20);
    let release = () => {};
    state.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = service.page(scope, 1); // reads the count of 600, then waits
    await Promise.resolve();
    state.total = 606;
    state.hold = null;
    changes.publish(GALLERY_TOPIC, MAIN_GALLERY_FOLDER);
    // A request after the announcement does not join the old build: it sees the change.
    expect((await service.page(scope, 1)).total).toBe(606);
    release();
    expect((await before).total).toBe(600);
    expect((await service.page(scope, 1)).total).toBe(606);
  });
});

describe('the public answer kept as bytes', () => {
  it('is the JSON of the public page, made once per type and page and sent as the same bytes', async () => {
    const { publicAnswer, publicPage, state } = await fakeGallery(20, 0);
    const first = await publicAnswer('all', 2);
    expect(JSON.parse(first.body.toString())).toEqual(await publicPage('all', 2));
    const listed = state.listed.length;
    const again = await publicAnswer('all', 2);
    expect(again.body).toBe(first.body);
    expect(state.listed.length).toBe(listed);
    expect((await publicAnswer('images', 2)).body).not.toBe(first.body);
  });

  it('carries plain URLs only: nothing in it is signed, so nothing in it can expire', async () => {
    const { publicAnswer } = await fakeGallery(6, 0);
    const body = (await publicAnswer('all', 1)).body.toString();
    expect(body).toContain('/media/m0/480w-m0.jpg');
    expect(body).not.toMatch(/[?&](exp|sig)=/);
  });

  it('is made again after a change of the main gallery, not after a change of a client folder', async () => {
    const { publicAnswer, state, changes } = await fakeGallery(6, 0);
    const first = await publicAnswer('all', 1);
    state.total = 7;
    changes.publish(GALLERY_TOPIC, 'someone@example_com');
    expect(await publicAnswer('all', 1)).toBe(first);
    changes.publish(GALLERY_TOPIC, MAIN_GALLERY_FOLDER);
    expect(JSON.parse((await publicAnswer('all', 1)).body.toString())).toMatchObject({ total: 7 });
  });

  it('is made again after the longest age even without an announcement (a lost one), the old one served meanwhile', async () => {
    const { publicAnswer, state, clock } = await fakeGallery(6, 0);
    const totalOf = async () => JSON.parse((await publicAnswer('all', 1)).body.toString()).total;
    await publicAnswer('all', 1);
    state.total = 7;
    clock.now += 59_000;
    expect(await totalOf()).toBe(6);
    clock.now += 2000;
    expect(await totalOf()).toBe(6);
    await expect.poll(totalOf).toBe(7);
  });
});
