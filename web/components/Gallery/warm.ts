import type { MediaView } from '../../../shared/schemas/media';
import { tileSizes, tileVariant } from './collage';

/** Warming fetches images in batches of 24, 40 ms apart, so it never competes with what the visitor is doing. */
export const WARM_BATCH_SIZE = 24;
export const WARM_GAP_MS = 40;
/** Idle prefetch waits at most this long for an idle moment. */
export const IDLE_TIMEOUT_MS = 1200;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** True when the visitor asked to save data or is on a 2g connection: then nothing is fetched ahead. */
export function prefersSavingData(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return Boolean(connection?.saveData) || /(^|-)2g$/.test(connection?.effectiveType ?? '');
}

/** Without requestIdleCallback: how long after the first frame past `load` the page counts as idle (one idle period). */
export const IDLE_FALLBACK_QUIET_MS = 50;

/**
 * Runs `task` when the browser is idle, or after 1200 ms at the latest. Returns a cancel function. Where
 * requestIdleCallback is missing (Safari), idle means: the page has loaded, a frame has been drawn since, and a
 * further 50 ms (the length of one idle period) have passed; the 1200 ms cap holds there too.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  // Cleared by `stop` whichever fires first, so the task runs once.
  let quiet = 0;
  let frame = 0;
  const run = () => {
    stop();
    task();
  };
  const afterLoad = () => {
    frame = requestAnimationFrame(() => {
      quiet = window.setTimeout(run, IDLE_FALLBACK_QUIET_MS);
    });
  };
  const cap = window.setTimeout(run, IDLE_TIMEOUT_MS);
  const stop = () => {
    clearTimeout(cap);
    clearTimeout(quiet);
    cancelAnimationFrame(frame);
    removeEventListener('load', afterLoad);
  };
  if (document.readyState === 'complete') afterLoad();
  else addEventListener('load', afterLoad);
  return stop;
}

/**
 * Fetches the picture a tile at `index` will show, exactly as the tile would choose it (same sources, srcset and
 * sizes), by letting the browser pick from a detached <picture>. Resolves when loaded or failed; never rejects.
 */
export function preloadTileImage(item: MediaView, index: number): Promise<void> {
  return new Promise((resolve) => {
    const picture = document.createElement('picture');
    const sizes = tileSizes(tileVariant(index));
    for (const [type, srcset] of [
      ['image/avif', item.image.srcset.avif],
      ['image/webp', item.image.srcset.webp],
    ] as const) {
      if (!srcset) continue;
      const source = document.createElement('source');
      source.type = type;
      source.sizes = sizes;
      source.srcset = srcset;
      picture.append(source);
    }
    const img = document.createElement('img');
    img.decoding = 'async';
    img.onload = img.onerror = () => resolve();
    picture.append(img);
    img.sizes = sizes;
    if (item.image.srcset.jpeg) img.srcset = item.image.srcset.jpeg;
    img.src = item.image.src;
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Pictures asked for per task when the next page is fetched ahead (as web/boot.ts starts the modules). Starting a
 * request costs the main thread about a millisecond on a slow phone: a page's twenty-four at once made one of the
 * longest tasks of a gallery's start.
 */
export const PRELOADS_PER_TASK = 4;

/**
 * Resolves in a task of its own, once the browser has had its turn: a message to the page itself, not a timer, which
 * the browser delays to 4 ms once timers nest.
 */
function taskOfItsOwn(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Fetches the next page's tile pictures (preloadTileImage), a few per task, all without waiting for one another.
 * Resolves once every one has loaded or failed.
 */
export async function preloadPageImages(
  items: MediaView[],
  options: { preload?: (item: MediaView, index: number) => Promise<void>; nextTask?: () => Promise<unknown> } = {},
): Promise<void> {
  const preload = options.preload ?? preloadTileImage;
  const nextTask = options.nextTask ?? taskOfItsOwn;
  const loading: Array<Promise<void>> = [];
  for (let start = 0; start < items.length; start += PRELOADS_PER_TASK) {
    if (start > 0) await nextTask();
    items.slice(start, start + PRELOADS_PER_TASK).forEach((item, offset) => {
      loading.push(preload(item, start + offset));
    });
  }
  await Promise.all(loading);
}

const nextIdle = () => new Promise<void>((resolve) => whenIdle(resolve));

/**
 * Warms the following pages' tile images in the background, to the gallery's last page: 40 ms between images, and
 * after each batch of 24 a wait for the next idle moment, so warming never competes with what the visitor is doing.
 * One page of data is fetched at a time. Stops when `signal` aborts or the pages run out.
 */
export async function warmFollowingPages(options: {
  fromPage: number;
  pageCount: number;
  loadPage: (page: number) => Promise<MediaView[]>;
  signal: AbortSignal;
  preload?: (item: MediaView, index: number) => Promise<void>;
  wait?: (ms: number) => Promise<unknown>;
  betweenBatches?: () => Promise<void>;
}): Promise<number> {
  const preload = options.preload ?? preloadTileImage;
  const wait = options.wait ?? sleep;
  const betweenBatches = options.betweenBatches ?? nextIdle;
  let warmed = 0;
  for (let page = options.fromPage; page <= options.pageCount && !options.signal.aborted; page++) {
    const items = await options.loadPage(page);
    for (const [index, item] of items.entries()) {
      if (options.signal.aborted) return warmed;
      await preload(item, index);
      warmed++;
      if (warmed % WARM_BATCH_SIZE === 0) await betweenBatches();
      else await wait(WARM_GAP_MS);
    }
  }
  return warmed;
}
