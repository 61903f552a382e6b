/**
 * `npm run bench -- lighthouse [runs] [page keys…]`: Lighthouse 12.8.2 with its default (mobile, simulated throttling)
 * settings on the system Chromium, in Hebrew, against `/`, `/gallery`, `/events`, one competition's page and
 * `/contact` of the production app with its built web bundle, 64 ready main-gallery items (60 photos, 4 videos)
 * ingested through the real pipeline and one competition with photos. Each page's reference is a static copy of its
 * first view (the page's DOM after it loaded, scripts removed) served by the same server, measured the same way and
 * alternating with the page so both see the same machine load: what this markup, CSS, fonts and pictures cost
 * without the application around them.
 * Goals for each page (the median of 3 runs): performance ≥ 95, LCP ≤ 2.0 s, TBT ≤ 100 ms, CLS ≤ 0.01, SEO and
 * accessibility 100; no run below 90; `/`'s first view ≤ 600 KB. Page keys (home, gallery, events, event, contact)
 * measure only those pages, for a closer look at one. `LIGHTHOUSE_CPU_MULTIPLIER=2` measures with the CPU slowdown
 * Lighthouse suggests for a host as slow as this one (see _lighthouse-measure.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH } from '../e2e/support/chromium';
import { makeTempDir } from '../server/test/harness';
import { freePort } from '../server/test/support/server-process';
import { CPU_MULTIPLIER, describeRun, LIGHTHOUSE_CPU_MULTIPLIER, measureOnceMore } from './_lighthouse-measure';
import { HOME_KB_GOAL, type PageResults, report } from './_lighthouse-report';
import {
  benchConfig,
  EVENT_SLUG,
  type Page,
  PHOTOS,
  seedEvent,
  seedGallery,
  startServer,
  VIDEOS,
  writeSources,
  writeStaticCopy,
} from './_lighthouse-site';

/**
 * The benchmark's own web build, never the shared dist/ (which other runs rebuild, and empty, at any moment) nor a
 * fresh temporary folder (a second build of the whole app each run would pile up in /tmp when a run is killed).
 */
const WEB_DIST = '/tmp/dist-lighthouse';
/** Hebrew, the site's first language: the query parameter the server and the browser app both read. */
const HEBREW = '?lng=he';

const PAGES: Page[] = [
  { key: 'home', pathname: '/', copy: '/first-view-home.html', readySelector: '.hero' },
  { key: 'gallery', pathname: '/gallery', copy: '/first-view-gallery.html', readySelector: '[data-media-id]' },
  { key: 'events', pathname: '/events', copy: '/first-view-events.html', readySelector: '[data-testid="event-card"]' },
  {
    key: 'event',
    pathname: `/events/${EVENT_SLUG}`,
    copy: '/first-view-event.html',
    readySelector: '[data-testid="event-prices"]',
  },
  { key: 'contact', pathname: '/contact', copy: '/first-view-contact.html', readySelector: 'main form, main h1' },
];

function loadAverage(): string {
  return fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/** `runs` rounds, each page then its static copy, so both see the same machine load. */
async function measurePages(baseUrl: string, pages: Page[], runs: number): Promise<PageResults[]> {
  const results = pages.map((page) => ({
    page,
    entry: {
      pathname: page.pathname,
      kbGoal: page.pathname === '/' ? HOME_KB_GOAL : undefined,
      app: [],
      copy: [],
    } as PageResults,
  }));
  for (let i = 0; i < runs; i++) {
    for (const { page, entry } of results) {
      for (const [kind, url] of [
        ['app', `${page.pathname}${HEBREW}`],
        ['copy', page.copy],
      ] as const) {
        const result = await measureOnceMore(`${baseUrl}${url}`);
        entry[kind].push(result);
        console.log(`run ${i + 1} ${url.padEnd(32)} ${describeRun(result.figures)}`);
      }
    }
  }
  return results.map(({ entry }) => entry);
}

/** The full reports, for a closer look (outside the repository). */
function keepReports(pages: Page[], results: PageResults[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-lighthouse-'));
  results.forEach(({ app, copy }, p) => {
    const key = pages[p]?.key ?? String(p);
    for (const [kind, list] of [
      ['page', app],
      ['copy', copy],
    ] as const) {
      list.forEach((r, i) => {
        fs.writeFileSync(path.join(dir, `${key}-${kind}-${i + 1}.json`), JSON.stringify(r.lhr));
      });
    }
  });
  return dir;
}

/** The Chromium build (the user agent string carries a reduced version, 156.0.0.0). */
function chromiumVersion(): string {
  return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .replace(/^Chromium\s+/, '')
    .replace(/\s+built on.*$/s, '')
    .trim();
}

export async function run(args: string[]): Promise<void> {
  const runs = Number(args[0] ?? 3);
  const only = args.slice(1);
  const pages = only.length > 0 ? PAGES.filter((page) => only.includes(page.key)) : PAGES;
  const loadAtStart = loadAverage();
  const temp = makeTempDir('gallery-bench-lighthouse-');
  try {
    // The client and the server renderer, as `npm run build` makes them, into the benchmark's own folder.
    execFileSync('npm', ['run', 'build', '--silent', '--', '--logLevel', 'error'], {
      stdio: 'inherit',
      env: { ...process.env, WEB_DIST },
    });
    const started = performance.now();
    const sources = path.join(temp.dir, 'sources');
    await writeSources(sources);
    const written = performance.now();
    // The port is known before the server starts: the configuration's public URL must name the address Lighthouse
    // loads, or every page's canonical URL would point to another host and fail the SEO audit.
    const port = await freePort();
    const config = benchConfig(path.join(temp.dir, 'data'), port);
    await seedGallery(config, sources);
    const server = await startServer(config, WEB_DIST, port);
    try {
      const page = (await (await fetch(`${server.url}/api/gallery?type=all&page=1`)).json()) as { total: number };
      if (page.total !== PHOTOS + VIDEOS) {
        throw new Error(`${page.total} of ${PHOTOS + VIDEOS} items are ready in the main gallery`);
      }
      await seedEvent(server.url, sources);
      const seeding = `sources ${((written - started) / 1000).toFixed(0)} s, ingest and competition ${((performance.now() - written) / 1000).toFixed(0)} s`;
      console.log(`made and ingested ${PHOTOS} photos and ${VIDEOS} videos, and one competition: ${seeding}`);
      for (const target of pages) await writeStaticCopy(server.url, WEB_DIST, target, HEBREW);
      console.log(
        `CPU slowdown ×${CPU_MULTIPLIER}${CPU_MULTIPLIER === LIGHTHOUSE_CPU_MULTIPLIER ? " (Lighthouse's default)" : ' (set by LIGHTHOUSE_CPU_MULTIPLIER)'}`,
      );
      const results = await measurePages(server.url, pages, runs);
      const loads = `when the benchmark started ${loadAtStart}, after the last run ${loadAverage()}`;
      report(results, {
        runs,
        seeding,
        loads,
        query: HEBREW,
        chromiumVersion: chromiumVersion(),
        webDist: WEB_DIST,
        photos: PHOTOS,
        videos: VIDEOS,
        // A closer look at some pages prints its figures but leaves the recorded section of all five as it is.
        write: only.length === 0,
        cpuMultiplier: CPU_MULTIPLIER,
      });
      console.log(`\nfull Lighthouse reports: ${keepReports(pages, results)}`);
    } finally {
      await server.close();
    }
  } finally {
    temp.remove();
  }
}
