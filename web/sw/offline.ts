/**
 * The worker's side of the offline page (web/sw/offline-page.ts builds it): the logo kept at install in a cache of
 * its own (never trimmed, unlike the pictures), the page's styles, and the list of pages that do open offline.
 */
import { isLanguage, LANGUAGE_STORAGE_KEY } from '../../shared/i18n/languages';
import {
  APP_PAGES,
  type AvailablePage,
  OFFLINE_CSS,
  OFFLINE_LOGO,
  OFFLINE_STYLES,
  offlineLanguage,
  offlinePageHtml,
  pageTitleOf,
} from './offline-page';

/** The offline page's own files. Its name starts with `gallery-`, so a later version's activation may replace it. */
export const SHELL_CACHE = 'gallery-shell-v1';
/** At most this many kept pages are read for their titles and listed. */
const MAX_LISTED = 30;

/** Keeps the logo now, at install (each new worker keeps it afresh): a failed navigation never shows it broken. */
export async function keepOfflineFiles(): Promise<void> {
  try {
    await (await caches.open(SHELL_CACHE)).add(OFFLINE_LOGO);
  } catch {
    // Installed offline: the page falls back to its text; the next installation keeps it.
  }
}

/** Whether `url` is one of the offline page's own files (the logo, its styles), which the worker answers itself. */
export function isOfflineFile(url: URL): boolean {
  return url.pathname === OFFLINE_STYLES || url.pathname === OFFLINE_LOGO;
}

/** One of the offline page's own files: the styles from the worker, the logo from its copy (else the network). */
export async function offlineFile(url: URL): Promise<Response> {
  if (url.pathname === OFFLINE_STYLES) {
    return new Response(OFFLINE_CSS, { headers: { 'content-type': 'text/css; charset=utf-8' } });
  }
  const kept = await (await caches.open(SHELL_CACHE)).match(OFFLINE_LOGO);
  return kept ?? fetch(url.href);
}

/** Whether a path is one the app draws from kept answers, so the app itself (any kept page) can stand in for it. */
export function isAppPage(url: URL): boolean {
  return Object.hasOwn(APP_PAGES, url.pathname);
}

/**
 * The pages that open offline: every kept page (one per path, the one without a query first, with its title), and
 * the app's own pages whose answers are kept (`privateGalleryKept`: the signed-in user's gallery is).
 */
async function availablePages(pages: Cache, privateGalleryKept: boolean): Promise<AvailablePage[]> {
  const keys = await pages.keys();
  const byPath = new Map<string, Request>();
  for (const key of keys) {
    const url = new URL(key.url);
    if (url.pathname.startsWith('/api/')) continue;
    const seen = byPath.get(url.pathname);
    if (!seen || (new URL(seen.url).search && !url.search)) byPath.set(url.pathname, key);
  }
  const listed: AvailablePage[] = [];
  for (const key of [...byPath.values()].slice(0, MAX_LISTED)) {
    const copy = await pages.match(key);
    listed.push({ url: key.url, title: copy ? pageTitleOf(await copy.text()) : null });
  }
  if (byPath.size === 0) return listed;
  const kept = (path: string) => keys.some((key) => new URL(key.url).pathname === path);
  const origin = new URL(keys[0]?.url ?? location.href).origin;
  const appPages = { '/': kept('/api/home'), '/gallery': kept('/api/gallery'), '/me': privateGalleryKept };
  for (const [path, shown] of Object.entries(appPages)) {
    if (shown && !byPath.has(path)) listed.push({ url: `${origin}${path}`, title: null });
  }
  return listed;
}

interface CookieStoreLike {
  get(name: string): Promise<{ value: string } | null>;
}

/** The `lng` cookie, where the worker can read cookies (the Cookie Store API); null elsewhere. */
async function languageCookie(): Promise<string | null> {
  const store = (self as unknown as { cookieStore?: CookieStoreLike }).cookieStore;
  try {
    return (await store?.get(LANGUAGE_STORAGE_KEY))?.value ?? null;
  } catch {
    return null;
  }
}

/**
 * Where the language of the last page the server sent is kept (in SHELL_CACHE, with the offline page's files). The
 * cache is its only record, with no copy in memory: a sign-out empties every cache, and the next page writes it again.
 */
const LAST_PAGE_LANGUAGE = '/last-page-language';

/**
 * Remembers the language of a page the server sent (its Content-Language; other answers have none): the offline
 * page's language where the worker cannot read the `lng` cookie (no Cookie Store API: Firefox, older Safari).
 */
export async function learnPageLanguage(response: Response): Promise<void> {
  const language = response.headers.get('content-language');
  if (language && response.status < 500) await keepPageLanguage(language);
}

/**
 * Keeps `language` as the last page's, if it is one of the site's (written only when it changes). Pages tell the
 * worker themselves when the visitor switches language, since the app switches without fetching a page.
 */
export async function keepPageLanguage(language: unknown): Promise<void> {
  if (!isLanguage(language)) return;
  try {
    const shell = await caches.open(SHELL_CACHE);
    if ((await (await shell.match(LAST_PAGE_LANGUAGE))?.text()) === language) return;
    await shell.put(LAST_PAGE_LANGUAGE, new Response(language));
  } catch {
    // Storage full or unavailable: the offline page falls back to the address and the browser's languages.
  }
}

export async function keptPageLanguage(): Promise<string | null> {
  try {
    const kept = await (await caches.open(SHELL_CACHE)).match(LAST_PAGE_LANGUAGE);
    return kept ? await kept.text() : null;
  } catch {
    return null;
  }
}

/** The offline page for a navigation to `request.url` that failed, in the visitor's language. Never kept. */
export async function offlinePage(request: Request, pages: Cache, privateGalleryKept: boolean): Promise<Response> {
  const language = offlineLanguage({
    cookie: await languageCookie(),
    lastPageLanguage: await keptPageLanguage(),
    url: request.url,
    browserLanguages: navigator.languages ?? [],
  });
  const html = offlinePageHtml({
    language,
    url: request.url,
    pages: await availablePages(pages, privateGalleryKept),
  });
  return new Response(html, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // The site's own policy, narrowed: this page runs no script at all.
      'content-security-policy':
        "default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    },
  });
}
