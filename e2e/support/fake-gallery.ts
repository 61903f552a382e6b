import type { Page, Route } from '@playwright/test';
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { GALLERY_PAGE_SIZE, type GalleryPage } from '../../shared/schemas/gallery';
import type { MediaView } from '../../shared/schemas/media';
import type { SessionUser } from '../../shared/schemas/session';

/**
 * A gallery of made-up items answered by the browser's router instead of the server, for the states and timings a
 * real gallery cannot be held in: as many pages as a test needs, pictures that load, hang or fail on request. Item ids
 * carry their page (`p03i2`), so a test can tell which page a picture request belongs to.
 */
export const FAKE_MEDIA_PREFIX = '/fake-media/';

/** A blurred placeholder (ThumbHash) of a small two-colour picture. */
const PLACEHOLDER = (() => {
  const size = 8;
  const rgba = new Uint8Array(size * size * 4);
  for (let i = 0; i < size * size; i++) rgba.set(i % size < size / 2 ? [200, 120, 40, 255] : [40, 90, 200, 255], i * 4);
  return Buffer.from(rgbaToThumbHash(size, size, rgba)).toString('base64');
})();

let jpeg: Buffer | null = null;
/** A small real JPEG every fake picture answers with. */
export async function fakeJpeg(): Promise<Buffer> {
  jpeg ??= await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .jpeg()
    .toBuffer();
  return jpeg;
}

/** The id of the `index`-th item (0-based) of page `page`. */
export const fakeId = (page: number, index: number) => `p${String(page).padStart(2, '0')}i${index}`;

/** The page an item or picture URL belongs to, read from its id. */
export function pageOfUrl(url: string): number | null {
  const match = /\/fake-media\/p(\d{2})i\d\//.exec(url);
  return match?.[1] ? Number(match[1]) : null;
}

export function fakeItem(page: number, index: number, kind: 'image' | 'video' = 'image'): MediaView {
  const id = fakeId(page, index);
  const base = `${FAKE_MEDIA_PREFIX}${id}`;
  return {
    id,
    kind,
    name: `${id}.${kind === 'video' ? 'mp4' : 'jpg'}`,
    width: 1200,
    height: 800,
    placeholder: PLACEHOLDER,
    image: { src: `${base}/480.jpg`, srcset: { avif: '', webp: '', jpeg: `${base}/480.jpg 480w` } },
    video: kind === 'video' ? { src: `${base}/video.mp4`, type: 'video/mp4', preview: `${base}/preview.mp4` } : null,
    duration: kind === 'video' ? 4 : null,
  };
}

/** `total` items in pages of six; `videoAt` lists the overall positions (0-based) that are videos. */
export function fakeGallery(total: number, videoAt: number[] = []): MediaView[] {
  return Array.from({ length: total }, (_, n) =>
    fakeItem(Math.floor(n / GALLERY_PAGE_SIZE) + 1, n % GALLERY_PAGE_SIZE, videoAt.includes(n) ? 'video' : 'image'),
  );
}

/** One page of `items` under the filter, as the server would answer. */
export function pageOf(items: MediaView[], type: string, page: number): GalleryPage {
  const filtered = items.filter((item) => type === 'all' || (type === 'videos') === (item.kind === 'video'));
  const start = (page - 1) * GALLERY_PAGE_SIZE;
  return {
    items: filtered.slice(start, start + GALLERY_PAGE_SIZE),
    page,
    pageCount: Math.ceil(filtered.length / GALLERY_PAGE_SIZE),
    total: filtered.length,
  };
}

/**
 * The server renders /gallery with the real gallery's first page and hands its answer to the app. For a made-up
 * gallery the page is taken as the browser-rendered shell instead: the server's markup and state are cut from the
 * document, so the app starts empty and asks the (routed) API, as it does on a page the server does not render.
 */
export async function serveGalleryAsShell(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/gallery',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<div id="root">[\s\S]*?<\/div><script id="server-state" type="application\/json">[\s\S]*?<\/script>/,
        '<div id="root"></div>',
      );
      return route.fulfill({ response, body });
    },
  );
}

/**
 * Answers the gallery API at `path` (the public one by default) with pages of `items`, and every fake picture with
 * the small JPEG unless `picture` handles it. Returns the gallery pages asked for, in order (`type:page`).
 */
export async function routeFakeGallery(
  page: Page,
  items: MediaView[],
  options: {
    path?: string;
    picture?: (route: Route) => Promise<void> | void;
    /** Gallery answers wait for this first. */
    gate?: Promise<void>;
  } = {},
): Promise<{ pagesAsked: string[] }> {
  const pagesAsked: string[] = [];
  const path = options.path ?? '/api/gallery';
  if (path === '/api/gallery') await serveGalleryAsShell(page);
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await options.gate;
      const url = new URL(route.request().url());
      const type = url.searchParams.get('type') ?? 'all';
      const number = Number(url.searchParams.get('page') ?? '1');
      pagesAsked.push(`${type}:${number}`);
      return route.fulfill({ json: pageOf(items, type, number) });
    },
  );
  const body = await fakeJpeg();
  await page.route(`**${FAKE_MEDIA_PREFIX}**`, async (route) => {
    if (options.picture) return options.picture(route);
    return route.fulfill({ body, contentType: 'image/jpeg' });
  });
  return { pagesAsked };
}

/**
 * Records, in the page, every picture address set on an <img> (with the controlled clock's time) and every one that
 * finished loading, so a test can read the order and the gaps: `window.__pictures`.
 */
export async function recordPictures(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log = { set: [] as Array<{ url: string; at: number }>, loaded: [] as string[] };
    (window as unknown as { __pictures: typeof log }).__pictures = log;
    const descriptor = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src');
    Object.defineProperty(HTMLImageElement.prototype, 'src', {
      ...descriptor,
      set(this: HTMLImageElement, value: string) {
        const url = new URL(value, location.href).pathname;
        log.set.push({ url, at: Date.now() });
        this.addEventListener('load', () => log.loaded.push(url), { once: true });
        descriptor?.set?.call(this, value);
      },
    });
  });
}

export interface PictureLog {
  set: Array<{ url: string; at: number }>;
  loaded: string[];
}

export const pictureLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __pictures: PictureLog }).__pictures);

/**
 * Replaces requestIdleCallback by a queue the test empties with `runIdleCallbacks`, so "the browser is idle" happens
 * when the test says; the options each call passed are kept. Call after `page.clock.install()`, so it wins over the
 * clock's own idle callback.
 */
export async function queueIdleCallbacks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = { queue: new Map<number, () => void>(), next: 1, timeouts: [] as Array<number | undefined> };
    (window as unknown as { __idle: typeof state }).__idle = state;
    window.requestIdleCallback = (callback, options) => {
      const handle = state.next++;
      state.timeouts.push(options?.timeout);
      state.queue.set(handle, () => callback({ didTimeout: false, timeRemaining: () => 50 }));
      return handle;
    };
    window.cancelIdleCallback = (handle) => {
      state.queue.delete(handle);
    };
  });
}

/** Runs the idle callbacks queued so far; returns how many ran. */
export function runIdleCallbacks(page: Page): Promise<number> {
  return page.evaluate(() => {
    const state = (window as unknown as { __idle: { queue: Map<number, () => void> } }).__idle;
    const due = [...state.queue.values()];
    state.queue.clear();
    for (const run of due) run();
    return due.length;
  });
}

export const idleTimeouts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __idle: { timeouts: Array<number | undefined> } }).__idle.timeouts);

/**
 * Answers the signed-in client's gallery (/api/me/gallery) from `items`, in pages of the `per` the app asks for.
 * Returns the pages asked for, as "page/per".
 */
export async function routeClientGallery(page: Page, items: MediaView[]): Promise<string[]> {
  const asked: string[] = [];
  await page.route(
    (url) => url.pathname === '/api/me/gallery',
    (route) => {
      const url = new URL(route.request().url());
      const per = Number(url.searchParams.get('per') ?? GALLERY_PAGE_SIZE);
      const number = Number(url.searchParams.get('page') ?? 1);
      asked.push(`${number}/${per}`);
      const answer: GalleryPage = {
        items: items.slice((number - 1) * per, number * per),
        page: number,
        pageCount: Math.ceil(items.length / per),
        total: items.length,
      };
      return route.fulfill({ json: answer });
    },
  );
  return asked;
}

/**
 * Signs `client` in through the browser's router, with no picks: without picks a client's gallery is the delivered
 * one (the viewer with its Download buttons), which is what the specs that use this look at.
 */
export async function routeDeliveredClient(page: Page, client: SessionUser): Promise<void> {
  await page.route(
    (url) => url.pathname === '/api/session',
    (route) => route.fulfill({ json: client }),
  );
  await page.route(
    (url) => url.pathname.startsWith('/api/me/picks'),
    (route) => route.fulfill({ status: 404, json: { error: { code: 'not-found', message: 'Nothing is here.' } } }),
  );
}
