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
