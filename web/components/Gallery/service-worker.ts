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

/** Same-origin files this page has loaded that the worker keeps: the page itself, scripts, styles, fonts, media. */
function loadedUrls(): string[] {
  const urls = [location.pathname + location.search];
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name, location.href);
    if (url.origin !== location.origin) continue;
    if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/media/') || url.pathname.startsWith('/api/')) {
      urls.push(url.pathname + url.search);
    }
  }
  return urls;
}

/**
 * Sends the worker a WARM_CACHE message with what this page loaded (including what it loaded before the worker took
 * control) plus `extra` URLs, so the page works offline on its next load. Each URL is sent once.
 */
export async function warmServiceWorker(extra: string[] = []): Promise<void> {
  const ready = await registerGalleryServiceWorker();
  const target = ready?.active;
  if (!target) return;
  const urls = [...loadedUrls(), ...extra].filter((url) => !sent.has(url));
  if (urls.length === 0) return;
  for (const url of urls) sent.add(url);
  target.postMessage({ type: 'WARM_CACHE', urls });
}
