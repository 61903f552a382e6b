/**
 * The site the Lighthouse benchmark measures: 64 main-gallery items through the real import, one competition with a
 * start list and photos through the admin's own HTTP API (tus uploads, placement by hand), the production server on
 * a web build of its own, and each page's static copy (its reference).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { runImport } from '../scripts/import';
import { buildApp } from '../server/app';
import { type Config, loadConfig } from '../server/env';
import { encodeLavfiClip, renderDemoImage } from '../server/media/demo-art';
import { adminHeaders, PROCESS_ADMIN } from '../server/test/support/server-process';
import { MAIN_GALLERY_FOLDER } from '../shared/folders';
import { createShowEvent, tusUpload, withComment } from './_show-day-site';

export const PHOTOS = 60;
export const VIDEOS = 4;
/** The competition the event page shows: its start list, and how many of its photos each of the first riders has. */
export const EVENT_SLUG = 'spring-cup';
const EVENT_NUMBERS = ['11', '12', '13', '14', '15', '16'];
const EVENT_PHOTOS_PER_ENTRY = 2;
/** Landscape and portrait, at sizes a photographer exports for the web (2400 px on the long side). */
const PHOTO_SIZES: Array<[number, number]> = [
  [2400, 1600],
  [1600, 2400],
  [2400, 1350],
  [1920, 2400],
];

/**
 * Photo-like JPEGs (the demo art: gradients, lights and film grain, so the encoded sizes are honest) and short
 * videos, two at a time (one per core); every 16th item is a video.
 */
export async function writeSources(root: string): Promise<void> {
  const folder = path.join(root, MAIN_GALLERY_FOLDER);
  fs.mkdirSync(folder, { recursive: true });
  const total = PHOTOS + VIDEOS;
  const videoEvery = Math.floor(total / VIDEOS);
  const tasks: Array<() => Promise<void>> = [];
  let photo = 0;
  for (let i = 0; i < total; i++) {
    const name = `ride-${String(i + 1).padStart(3, '0')}`;
    if (i % videoEvery === videoEvery - 1) {
      tasks.push(() => writeVideo(path.join(folder, `${name}.mp4`), i));
    } else {
      const index = photo++;
      const [width, height] = PHOTO_SIZES[index % PHOTO_SIZES.length] ?? [2400, 1600];
      tasks.push(() => renderDemoImage(index, width, height, path.join(folder, `${name}.jpg`)));
    }
  }
  const worker = async () => {
    for (let task = tasks.shift(); task; task = tasks.shift()) await task();
  };
  await Promise.all([worker(), worker()]);
}

/** 3.5 s of ffmpeg's testsrc2 at 1280×720, H.264 with faststart: what a phone export looks like to the pipeline. */
async function writeVideo(file: string, seed: number): Promise<void> {
  await encodeLavfiClip('ffmpeg', `testsrc2=s=1280x720:r=25:d=3.5,hue=h=${seed * 40}`, file);
}

/**
 * The production configuration the import and the server share: a temporary DATA_DIR, no demo set, an admin who
 * can sign in (to make the competition) and no start-number reading (its OCR would take the CPU Lighthouse measures).
 */
export function benchConfig(dataDir: string, port: number): Config {
  return loadConfig({
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    DEMO_CONTENT: 'false',
    READ_START_NUMBERS: 'false',
    ADMIN_EMAIL: PROCESS_ADMIN.email,
    ADMIN_INITIAL_PASSWORD: PROCESS_ADMIN.password,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
}

/** Imports the sources the way `npm run import` does, and waits until every item is processed. */
export async function seedGallery(config: Config, sources: string): Promise<void> {
  const code = await runImport(sources, config, () => {});
  if (code !== 0) throw new Error(`the import of the demo items ended with code ${code}`);
}

/**
 * The production app on a free loopback port, serving a web build of its own: not startBenchServer, whose app
 * serves the shared dist/, which other runs rebuild (and empty) at any moment — a run once saw no page at all.
 */
export async function startServer(
  config: Config,
  webRoot: string,
  port: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = await buildApp(config, { webRoot });
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/**
 * One public competition as the photographer makes it: the event and its start list, a few photos uploaded to it
 * (the sources' first JPEGs) and placed by hand on the first riders, then waited for until their proofs are made.
 */
export async function seedEvent(url: string, sources: string): Promise<void> {
  const headers = await adminHeaders(url);
  const eventId = await createShowEvent(url, headers, EVENT_SLUG, EVENT_NUMBERS);
  const folder = path.join(sources, MAIN_GALLERY_FOLDER);
  const jpegs = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.jpg'))
    .toSorted();
  const total = EVENT_NUMBERS.length * EVENT_PHOTOS_PER_ENTRY;
  const mediaIds: string[] = [];
  for (let i = 0; i < total; i++) {
    const name = jpegs[i % jpegs.length] ?? '';
    const bytes = withComment(fs.readFileSync(path.join(folder, name)), `event ${i}`);
    const meta = { filename: `event-${name}`, filetype: 'image/jpeg', event: eventId };
    mediaIds.push(await tusUpload(url, headers, bytes, meta));
  }
  await waitForEventPhotos(url, headers, eventId, total);
  const { entries } = (await (await fetch(`${url}/api/admin/events/${eventId}/entries`, { headers })).json()) as {
    entries: Array<{ id: string }>;
  };
  const json = { ...headers, 'content-type': 'application/json' };
  for (const [i, entry] of entries.entries()) {
    const ids = mediaIds.slice(i * EVENT_PHOTOS_PER_ENTRY, (i + 1) * EVENT_PHOTOS_PER_ENTRY);
    const body = JSON.stringify({ mediaIds: ids, entryId: entry.id });
    const placed = await fetch(`${url}/api/admin/events/${eventId}/assign`, { method: 'POST', headers: json, body });
    if (!placed.ok) throw new Error(`photos not placed: ${placed.status} ${await placed.text()}`);
  }
}

/** Until the photographer's list of the competition's photos shows all `total` of them, each with its thumbnail. */
async function waitForEventPhotos(url: string, headers: Record<string, string>, eventId: string, total: number) {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const res = await fetch(`${url}/api/admin/events/${eventId}/photos`, { headers });
    const { photos } = (await res.json()) as { photos: Array<{ thumbnail: string }> };
    if (photos.length >= total && photos.every((photo) => photo.thumbnail !== '')) return;
    if (Date.now() > deadline) throw new Error('the competition photos were not processed in 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A page measured, and where its static copy is written in the web build (and so served). */
export interface Page {
  key: string;
  pathname: string;
  copy: string;
  /** What shows once the page has its content: its static copy is taken only then. */
  readySelector: string;
}

/**
 * Writes a page's reference: the page as Chromium shows it after loading at Lighthouse's mobile viewport (412×823
 * at 1.75×), with every script removed, into the web build, where the server serves it like any static file.
 */
export async function writeStaticCopy(baseUrl: string, webRoot: string, page: Page, query: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    const tab = await context.newPage();
    await tab.goto(`${baseUrl}${page.pathname}${query}`, { waitUntil: 'networkidle' });
    const shown = await tab.locator(page.readySelector).count();
    if (shown === 0)
      throw new Error(`${page.pathname} showed no ${page.readySelector} before its static copy was taken`);
    const html = await tab.evaluate(() => {
      for (const element of document.querySelectorAll('script, link[rel="modulepreload"]')) element.remove();
      return `<!doctype html>\n${document.documentElement.outerHTML}`;
    });
    fs.writeFileSync(path.join(webRoot, page.copy), html);
  } finally {
    await browser.close();
  }
}
