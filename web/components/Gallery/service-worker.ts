import { whenIdle } from './warm';

let registration: Promise<ServiceWorkerRegistration | null> | null = null;
const sent = new Set<string>();

/**
 * Registers /sw.js once, when the browser is idle. Only the gallery pages call it, so the home page stays lean.
 * Resolves with null where service workers are unavailable (old browsers, insecure origins).
 */
export function registerGalleryServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!registration) {
    registration = new Promise((resolve) => {
      if (!('serviceWorker' in navigator) || !window.isSecureContext) {
        resolve(null);
        return;
      }
      whenIdle(() => {
        navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(
          () => navigator.serviceWorker.ready.then(resolve),
          () => resolve(null),
        );
      });
    });
  }
  return registration;
}

/** Whether the worker keeps this same-origin file: scripts and styles, pictures, and the gallery's answers. */
function worthKeeping(url: URL): boolean {
  if (url.origin !== location.origin) return false;
  return url.pathname.startsWith('/assets/') || url.pathname.startsWith('/media/') || url.pathname.startsWith('/api/');
}

let observing = false;
let pending: string[] = [];
let flushTimer: number | undefined;

function queue(urls: string[]): void {
  pending.push(...urls.filter((url) => !sent.has(url)));
  window.clearTimeout(flushTimer);
  flushTimer = window.setTimeout(() => void flush(), 200);
}

async function flush(): Promise<void> {
  const ready = await registerGalleryServiceWorker();
  const target = ready?.active;
  const urls = [...new Set(pending)].filter((url) => !sent.has(url));
  pending = [];
  if (!target || urls.length === 0) return;
  for (const url of urls) sent.add(url);
  target.postMessage({ type: 'WARM_CACHE', urls });
}

/**
 * Keeps the worker told, by WARM_CACHE messages, of everything this page loads — including what it loaded before
 * the worker took control, which the worker never saw — so the page works offline on its next load. Each URL is
 * sent once; `extra` adds URLs the page has not loaded (the page itself is always included).
 */
export function warmServiceWorker(extra: string[] = []): void {
  queue([location.pathname + location.search, ...extra]);
  if (observing || typeof PerformanceObserver === 'undefined') return;
  observing = true;
  new PerformanceObserver((list) => {
    const urls = list
      .getEntries()
      .map((entry) => new URL(entry.name, location.href))
      .filter(worthKeeping)
      .map((url) => url.pathname + url.search);
    if (urls.length > 0) queue(urls);
  }).observe({ type: 'resource', buffered: true });
}
