/**
 * The service worker, served at /sw.js (unhashed, `Cache-Control: no-cache`, so a new version is picked up on the
 * next visit). It keeps what the galleries showed, so a gallery page already seen reloads offline:
 *
 * - gallery pictures (`/media/…` images) and hashed assets (`/assets/…`): cache first; they never change;
 * - pages and the gallery API: network first (10 s at most), the last good answer when the network fails — and
 *   then it tells the page, whose connection state turns Offline;
 * - a `WARM_CACHE` message `{ type: 'WARM_CACHE', urls: string[] }` fetches and keeps those URLs now (the page
 *   sends what it loaded before this worker controlled it, and pictures it expects to need);
 * - a `PAGE_LANGUAGE` message `{ type: 'PAGE_LANGUAGE', language }` is the visitor's chosen language, which the
 *   offline page takes where the worker cannot read the cookie (the app switches language without a page fetch).
 *
 * Private answers (`/api/me/gallery` and signed `/media/…?sig=` files) are one user's: they are kept in a cache of
 * that user's own (`gallery-private-v2-<user id>`), the user learnt from the last `/api/session` answer or the
 * `x-viewer` header of a server-rendered page, and are answered only to that same user. When either says nobody
 * is signed in (signed out, or the cookies expired), every
 * private copy is dropped; when it names another user, every copy but theirs; a private request refused (401/403)
 * drops them all too. Logging out deletes every cache (web/api/sign-out.ts), the learnt user with them. What it cannot
 * see is a session that ends while the device is offline: until the next answer, the last user learnt counts.
 *
 * - a navigation that fails with no copy of its page gets the offline page (web/sw/offline.ts), unless the app itself
 *   can show that page from kept answers (`/`, `/gallery`, `/me`): then any kept page stands in, and the app routes.
 *
 * The build bundles it with what it imports into one plain script (vite.config.ts), since a worker is no module.
 */

import { PAGE_LANGUAGE_MESSAGE } from '../shared/i18n/languages';
import {
  isAppPage,
  isOfflineFile,
  keepOfflineFiles,
  keepPageLanguage,
  learnPageLanguage,
  offlineFile,
  offlinePage,
  SHELL_CACHE,
} from './sw/offline';
import type { WorkerScope } from './sw/worker-types';

const worker = self as unknown as WorkerScope;

const VERSION = 2;
const STATIC_CACHE = `gallery-static-v${VERSION}`;
const PAGES_CACHE = `gallery-pages-v${VERSION}`;
/** Holds the last `/api/session` answer: who is signed in, as far as this worker knows (absent: not known). */
const SESSION_CACHE = `gallery-session-v${VERSION}`;
/** One cache per user for their private answers; the user id follows the prefix. */
const PRIVATE_PREFIX = `gallery-private-v${VERSION}-`;
const CACHES = [STATIC_CACHE, PAGES_CACHE, SESSION_CACHE, SHELL_CACHE];
/** The backend counts as unreachable after 10 seconds without an answer. */
const NETWORK_TIMEOUT_MS = 10_000;
/** Above this many kept pictures (in a cache), the oldest go first (insertion order): no cache grows without end. */
const MAX_STATIC_ENTRIES = 800;
const WARM_MAX_URLS = 200;

const SESSION_PATH = '/api/session';
/** The header of a server-rendered page naming its viewer (VIEWER_HEADER in shared/api-paths.ts). */
const VIEWER_HEADER = 'x-viewer';
/** GET /api routes everyone may see whose last answer is kept for offline use. */
const KEPT_API = ['/api/gallery', '/api/home'];
/** GET /api routes whose answer belongs to the signed-in user. */
const PRIVATE_API = ['/api/me/gallery'];

type Strategy = 'cache-first' | 'network-first' | 'session' | 'private-cache-first' | 'private-network-first' | null;

function strategyFor(url: URL, request: Request): Strategy {
  if (url.origin !== worker.location.origin || request.method !== 'GET') return null;
  // Videos are read in ranges straight from the network; keeping them would fill the disk.
  if (request.headers.has('range')) return null;
  if (url.pathname.startsWith('/media/')) return url.searchParams.has('sig') ? 'private-cache-first' : 'cache-first';
  if (url.pathname.startsWith('/assets/')) return 'cache-first';
  if (url.pathname === SESSION_PATH) return 'session';
  if (PRIVATE_API.includes(url.pathname)) return 'private-network-first';
  if (request.mode === 'navigate' || KEPT_API.includes(url.pathname)) return 'network-first';
  return null;
}

/** Only whole, successful, non-video answers are kept. */
function keepable(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return response.status === 200 && response.type === 'basic' && !type.startsWith('video/');
}

/** A page is kept for offline use unless it carries someone's session (the server marks it no-store). */
function keepablePage(response: Response): boolean {
  return keepable(response) && !/no-store/.test(response.headers.get('cache-control') ?? '');
}

async function trim(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_STATIC_ENTRIES))) await cache.delete(key);
}

// --- Who is signed in, and their private copies -------------------------------------------------------------------

/** The signed-in user's id as the last `/api/session` answer gave it: null when signed out, undefined when unknown. */
async function knownUser(): Promise<string | null | undefined> {
  const copy = await (await caches.open(SESSION_CACHE)).match(SESSION_PATH);
  if (!copy) return undefined;
  try {
    const user = (await copy.json()) as { id?: unknown } | null;
    return typeof user?.id === 'string' ? user.id : null;
  } catch {
    return undefined;
  }
}

const privateCacheName = (userId: string) => `${PRIVATE_PREFIX}${encodeURIComponent(userId)}`;

/** Drops every user's private copies but `keep`'s. */
async function dropPrivate(keep: string | null = null): Promise<void> {
  const kept = keep === null ? null : privateCacheName(keep);
  for (const name of await caches.keys()) {
    if (name.startsWith(PRIVATE_PREFIX) && name !== kept) await caches.delete(name);
  }
}

/**
 * A server-rendered page names its viewer (VIEWER_HEADER) instead of the app asking /api/session: remembered the same
 * way, as the session answer it stands for.
 */
async function learnViewer(response: Response): Promise<void> {
  const viewer = response.headers.get(VIEWER_HEADER);
  if (viewer === null || response.status >= 500) return;
  if (viewer === '') {
    await learnSession(new Response('null', { headers: { 'content-type': 'application/json' } }));
    return;
  }
  if ((await knownUser()) === viewer) return;
  // Someone else is signed in now: everyone else's copies go, and the kept session answer (another person's) too,
  // until the app's next /api/session answer teaches the whole of this one.
  await dropPrivate(viewer);
  await (await caches.open(SESSION_CACHE)).delete(SESSION_PATH);
}

/** Remembers a `/api/session` answer; a null one (or another user) drops the private copies of everyone else. */
async function learnSession(response: Response): Promise<string | null | undefined> {
  if (response.status !== 200) return undefined;
  let user: { id?: unknown } | null;
  try {
    user = (await response.clone().json()) as { id?: unknown } | null;
  } catch {
    return undefined;
  }
  const id = typeof user?.id === 'string' ? user.id : null;
  await dropPrivate(id);
  await (await caches.open(SESSION_CACHE)).put(SESSION_PATH, response.clone());
  return id;
}

/**
 * A private request was refused, so the session is not the one the worker knew: every private copy goes. A 401 says
 * nobody is signed in; after a 403 (an address not proven yet, or another account) the user is no longer known.
 */
async function refused(status: number): Promise<void> {
  if (status === 401) {
    const nobody = new Response('null', { headers: { 'content-type': 'application/json; charset=utf-8' } });
    await (await caches.open(SESSION_CACHE)).put(SESSION_PATH, nobody);
  } else {
    await caches.delete(SESSION_CACHE);
  }
  await dropPrivate();
}

/**
 * Whose answer a private response that just arrived is. The user learnt from the last session answer, or — when
 * none is known, or the last answer said nobody (an invitation accepted since signs in without asking again) —
 * the network's answer to `/api/session` now. Null: keep nothing.
 */
async function ownerOfFreshAnswer(): Promise<string | null> {
  const known = await knownUser();
  if (known) return known;
  try {
    return (await learnSession(await fetch(SESSION_PATH, { credentials: 'same-origin', cache: 'no-store' }))) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `response` for `owner` if they are still the one signed in once it is written. */
async function keepPrivate(owner: string, request: Request, response: Response): Promise<void> {
  const cache = await caches.open(privateCacheName(owner));
  await cache.put(request, response);
  if ((await knownUser()) !== owner) await caches.delete(privateCacheName(owner));
  else void trim(cache);
}

/** The private copy of the user signed in now, if any. */
async function privateCopy(request: Request): Promise<Response | undefined> {
  const user = await knownUser();
  if (!user) return undefined;
  const name = privateCacheName(user);
  if (!(await caches.has(name))) return undefined;
  return (await caches.open(name)).match(request, { ignoreVary: true });
}

// --- Strategies ---------------------------------------------------------------------------------------------------

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

/** A signed picture: from the signed-in user's own copies, else the network (and then kept for them). */
async function privateCacheFirst(request: Request): Promise<Response> {
  const hit = await privateCopy(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (keepable(response)) {
    const owner = await knownUser();
    if (owner) await keepPrivate(owner, request, response.clone());
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

async function servedFromCache(copy: Response, request: Request, clientId: string): Promise<Response> {
  const client = clientId ? await worker.clients.get(clientId) : undefined;
  client?.postMessage({ type: 'SERVED_FROM_CACHE', url: request.url });
  return copy;
}

async function networkFirst(request: Request, clientId: string): Promise<Response> {
  const cache = await caches.open(PAGES_CACHE);
  try {
    const response = await withTimeout(request);
    await learnViewer(response);
    await learnPageLanguage(response);
    if (request.mode === 'navigate' ? keepablePage(response) : keepable(response)) {
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const navigation = request.mode === 'navigate';
    const copy =
      (await cache.match(request, { ignoreVary: true })) ??
      // A page of the app not seen yet that the app draws from kept answers: any page will do, the app routes.
      (navigation && isAppPage(new URL(request.url)) ? await firstPage(cache) : undefined);
    if (copy) return servedFromCache(copy, request, clientId);
    // Any other page not kept: say so, in the visitor's language, with what does open offline and a retry.
    if (navigation) return offlinePage(request, cache, await privateGalleryKept());
    throw error;
  }
}

/** Whether the signed-in user's private gallery answer is kept, so `/me` opens offline. */
async function privateGalleryKept(): Promise<boolean> {
  const user = await knownUser();
  if (!user || !(await caches.has(privateCacheName(user)))) return false;
  const keys = await (await caches.open(privateCacheName(user))).keys();
  return keys.some((key) => PRIVATE_API.includes(new URL(key.url).pathname));
}

/** `/api/session`: network first; every answer teaches the worker who is signed in. */
async function session(request: Request, clientId: string): Promise<Response> {
  let response: Response;
  try {
    response = await withTimeout(request);
  } catch (error) {
    const copy = await (await caches.open(SESSION_CACHE)).match(SESSION_PATH);
    if (!copy) throw error;
    return servedFromCache(copy, request, clientId);
  }
  await learnSession(response);
  return response;
}

/** `/api/me/gallery`: network first, kept for the user it belongs to; offline, only that user's copy is answered. */
async function privateNetworkFirst(request: Request, clientId: string): Promise<Response> {
  let response: Response;
  try {
    response = await withTimeout(request);
  } catch (error) {
    const copy = await privateCopy(request);
    if (!copy) throw error;
    return servedFromCache(copy, request, clientId);
  }
  if (response.status === 401 || response.status === 403) await refused(response.status);
  else if (keepable(response)) {
    const owner = await ownerOfFreshAnswer();
    if (owner) await keepPrivate(owner, request, response.clone());
  }
  return response;
}

async function firstPage(cache: Cache): Promise<Response | undefined> {
  for (const key of await cache.keys()) {
    if (!new URL(key.url).pathname.startsWith('/api/')) return cache.match(key);
  }
  return undefined;
}

/** Fetches `request` and keeps the answer as its strategy would, unless a copy is already kept. */
async function warmOne(request: Request, strategy: Exclude<Strategy, null>): Promise<void> {
  try {
    if (strategy === 'session') {
      await learnSession(await fetch(request));
      return;
    }
    if (strategy === 'private-cache-first' || strategy === 'private-network-first') {
      if (await privateCopy(request)) return;
      const response = await fetch(request);
      if (strategy === 'private-network-first' && (response.status === 401 || response.status === 403)) {
        await refused(response.status);
      } else if (keepable(response)) {
        const owner = strategy === 'private-network-first' ? await ownerOfFreshAnswer() : await knownUser();
        if (owner) await keepPrivate(owner, request, response);
      }
      return;
    }
    const cache = await caches.open(strategy === 'cache-first' ? STATIC_CACHE : PAGES_CACHE);
    if (await cache.match(request, { ignoreVary: true })) return;
    const response = await fetch(request);
    await learnPageLanguage(response);
    if (keepable(response)) await cache.put(request, response);
  } catch {
    // Offline or refused: nothing to keep; the page works without it.
  }
}

/**
 * Fetches and keeps the given same-origin URLs (those a strategy would keep), a few at a time. The session goes
 * first, so the private answers that follow are kept for the right user.
 */
async function warm(urls: unknown): Promise<void> {
  if (!Array.isArray(urls)) return;
  const wanted = urls
    .filter((value): value is string => typeof value === 'string')
    .slice(0, WARM_MAX_URLS)
    .map((value) => new URL(value, worker.location.origin))
    .filter((url) => url.origin === worker.location.origin);
  const queue = [...new Set(wanted.map((url) => url.href))].map((href) => {
    const url = new URL(href);
    const isPage = !url.pathname.startsWith('/api/') && !/\.[a-z0-9]{1,8}$/i.test(url.pathname);
    const request = new Request(href, { credentials: 'same-origin' });
    return { request, strategy: isPage ? ('network-first' as const) : strategyFor(url, request) };
  });
  const sessionFirst = queue.filter((entry) => entry.strategy === 'session');
  for (const { request } of sessionFirst) await warmOne(request, 'session');
  const rest = queue.filter((entry) => entry.strategy !== 'session');
  const next = async (): Promise<void> => {
    for (let entry = rest.shift(); entry !== undefined; entry = rest.shift()) {
      if (entry.strategy) await warmOne(entry.request, entry.strategy);
    }
  };
  await Promise.all([next(), next(), next()]);
}

worker.addEventListener('install', (event) => {
  event.waitUntil(keepOfflineFiles().then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        const current = CACHES.includes(name) || name.startsWith(PRIVATE_PREFIX);
        if (name.startsWith('gallery-') && !current) await caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown; language?: unknown } | null;
  if (data?.type === 'WARM_CACHE') event.waitUntil(warm(data.urls));
  if (data?.type === PAGE_LANGUAGE_MESSAGE) event.waitUntil(keepPageLanguage(data.language));
});

worker.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  const strategy = strategyFor(url, event.request);
  const { request, clientId } = event;
  if (strategy === null && url.origin === worker.location.origin && request.method === 'GET') {
    // The offline page's logo and styles: from the worker's own copy whenever it has one.
    if (isOfflineFile(url)) event.respondWith(offlineFile(url));
    return;
  }
  if (strategy === 'cache-first') event.respondWith(cacheFirst(request));
  else if (strategy === 'network-first') event.respondWith(networkFirst(request, clientId));
  else if (strategy === 'session') event.respondWith(session(request, clientId));
  else if (strategy === 'private-cache-first') event.respondWith(privateCacheFirst(request));
  else if (strategy === 'private-network-first') event.respondWith(privateNetworkFirst(request, clientId));
});
