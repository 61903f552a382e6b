/**
 * The service worker, served at /sw.js (unhashed, `Cache-Control: no-cache`, so a new version is picked up on the
 * next visit). It keeps what the galleries showed, so a gallery page already seen reloads offline:
 *
 * - gallery pictures (`/media/…` images) and hashed assets (`/assets/…`): cache first; they never change;
 * - pages and the gallery API: network first (10 s at most), the last good answer when the network fails — and
 *   then it tells the page, whose connection state turns Offline;
 * - a `WARM_CACHE` message `{ type: 'WARM_CACHE', urls: string[] }` fetches and keeps those URLs now (the page
 *   sends what it loaded before this worker controlled it, and pictures it expects to need).
 *
 * It imports nothing, so the build emits it as one plain script (vite.config.ts).
 */

// Minimal service-worker types: the project's TypeScript libraries are the DOM ones.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly clientId: string;
  respondWith(response: Response | Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerClient {
  postMessage(message: unknown): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void>; get(id: string): Promise<WorkerClient | undefined> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;

const VERSION = 1;
const STATIC_CACHE = `gallery-static-v${VERSION}`;
const PAGES_CACHE = `gallery-pages-v${VERSION}`;
const CACHES = [STATIC_CACHE, PAGES_CACHE];
/** Spec §9: the backend counts as unreachable after 10 seconds without an answer. */
const NETWORK_TIMEOUT_MS = 10_000;
/** Above this many kept pictures, the oldest go first (insertion order), so the cache cannot grow without end. */
const MAX_STATIC_ENTRIES = 800;
const WARM_MAX_URLS = 200;

/** GET /api routes whose last answer is kept for offline use. */
const KEPT_API = ['/api/gallery', '/api/me/gallery', '/api/session', '/api/home'];

type Strategy = 'cache-first' | 'network-first' | null;

function strategyFor(url: URL, request: Request): Strategy {
  if (url.origin !== worker.location.origin || request.method !== 'GET') return null;
  // Videos are read in ranges straight from the network; keeping them would fill the disk.
  if (request.headers.has('range')) return null;
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/media/')) return 'cache-first';
  if (request.mode === 'navigate' || KEPT_API.includes(url.pathname)) return 'network-first';
  return null;
}

/** Only whole, successful, non-video answers are kept. */
function keepable(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return response.status === 200 && response.type === 'basic' && !type.startsWith('video/');
}

async function trim(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_STATIC_ENTRIES))) await cache.delete(key);
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(STATIC_CACHE);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (keepable(response)) {
    await cache.put(request, response.clone());
    void trim(cache);
  }
  return response;
}

function withTimeout(request: Request): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer within 10 s')), NETWORK_TIMEOUT_MS);
    fetch(request).then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function networkFirst(request: Request, clientId: string): Promise<Response> {
  const cache = await caches.open(PAGES_CACHE);
  try {
    const response = await withTimeout(request);
    if (keepable(response)) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const copy =
      (await cache.match(request, { ignoreVary: true })) ??
      // A page of the app not seen yet: any page will do, the app routes on the client.
      (request.mode === 'navigate' ? await firstPage(cache) : undefined);
    if (!copy) throw error;
    const client = clientId ? await worker.clients.get(clientId) : undefined;
    client?.postMessage({ type: 'SERVED_FROM_CACHE', url: request.url });
    return copy;
  }
}

async function firstPage(cache: Cache): Promise<Response | undefined> {
  for (const key of await cache.keys()) {
    if (!new URL(key.url).pathname.startsWith('/api/')) return cache.match(key);
  }
  return undefined;
}

/** Fetches and keeps the given same-origin URLs (those a strategy would keep), a few at a time. */
async function warm(urls: unknown): Promise<void> {
  if (!Array.isArray(urls)) return;
  const wanted = urls
    .filter((value): value is string => typeof value === 'string')
    .slice(0, WARM_MAX_URLS)
    .map((value) => new URL(value, worker.location.origin))
    .filter((url) => url.origin === worker.location.origin);
  const queue = [...new Set(wanted.map((url) => url.href))];
  const next = async (): Promise<void> => {
    for (let href = queue.shift(); href !== undefined; href = queue.shift()) {
      const url = new URL(href);
      const isPage = !url.pathname.startsWith('/api/') && !/\.[a-z0-9]{1,8}$/i.test(url.pathname);
      const request = new Request(href, { credentials: 'same-origin' });
      const strategy = isPage ? 'network-first' : strategyFor(url, request);
      if (!strategy) continue;
      const cache = await caches.open(strategy === 'cache-first' ? STATIC_CACHE : PAGES_CACHE);
      if (await cache.match(request, { ignoreVary: true })) continue;
      try {
        const response = await fetch(request);
        if (keepable(response)) await cache.put(request, response);
      } catch {
        // Offline or refused: nothing to keep; the page works without it.
      }
    }
  };
  await Promise.all([next(), next(), next()]);
}

worker.addEventListener('install', (event) => {
  event.waitUntil(worker.skipWaiting());
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('gallery-') && !CACHES.includes(name)) await caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type === 'WARM_CACHE') event.waitUntil(warm(data.urls));
});

worker.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  const strategy = strategyFor(url, event.request);
  if (strategy === 'cache-first') event.respondWith(cacheFirst(event.request));
  else if (strategy === 'network-first') event.respondWith(networkFirst(event.request, event.clientId));
});
