/**
 * The page the service worker answers when a navigation fails and it holds no copy of that page: pure functions, so
 * they can be tested without a worker. The texts are the `offline` sections of the five common.json files, imported
 * by name so the worker's bundle carries those few lines and nothing else of the locales.
 */

import {
  directionOf,
  LANGUAGE_STORAGE_KEY,
  type Language,
  matchLanguage,
  resolveLanguage,
} from '../../shared/i18n/languages';
import { offline as ar } from '../../shared/i18n/locales/ar/common.json';
import { offline as en } from '../../shared/i18n/locales/en/common.json';
import { offline as fr } from '../../shared/i18n/locales/fr/common.json';
import { offline as he } from '../../shared/i18n/locales/he/common.json';
import { offline as ru } from '../../shared/i18n/locales/ru/common.json';

export type OfflineTexts = typeof en;
export const OFFLINE_TEXTS: Record<Language, OfflineTexts> = { he, en, ru, fr, ar };

/** The site's logo (the header's), kept when the worker installs so the offline page never shows it broken. */
export const OFFLINE_LOGO = '/favicon.svg';
/** The offline page's styles, answered by the worker itself: the site's CSP allows no `<style>` element. */
export const OFFLINE_STYLES = '/offline.css';

/**
 * The language of the offline page, chosen as the server chooses a page's (resolveLanguage): the remembered choice,
 * then the address's `?lng=`, then the browser's languages. The remembered choice is the `lng` cookie where the
 * worker can read it (the Cookie Store API), else the language of the last page the server sent (its
 * Content-Language), which the server chose by that same cookie.
 */
export function offlineLanguage(input: {
  cookie: string | null | undefined;
  lastPageLanguage?: string | null;
  url: string;
  browserLanguages: readonly string[];
}): Language {
  return resolveLanguage({
    cookie: matchLanguage(input.cookie) ?? input.lastPageLanguage,
    query: new URL(input.url).searchParams.get(LANGUAGE_STORAGE_KEY),
    acceptLanguage: input.browserLanguages.join(','),
  });
}

/** A page the visitor can open offline: its address (same origin) and its title, when one is known. */
export interface AvailablePage {
  url: string;
  title: string | null;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

const DECODED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/** The `<title>` of a kept page's HTML, its entities decoded (it is escaped again when written). */
export function pageTitleOf(html: string): string | null {
  const match = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  const title = match?.[1]?.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => DECODED[name] ?? '').trim();
  return title || null;
}

/** The paths the app itself can show from kept answers, with the offline section's name for each. */
export const APP_PAGES = { '/': 'home', '/gallery': 'gallery', '/me': 'myGallery' } as const;

/** How a listed page is named: its kept title, else the app's name for it, else its address. */
function labelOf(page: AvailablePage, texts: OfflineTexts): string {
  if (page.title) return page.title;
  const { pathname, search } = new URL(page.url);
  const known = APP_PAGES[pathname as keyof typeof APP_PAGES];
  return known ? texts[known] : `${pathname}${search}`;
}

/**
 * The offline page: the logo, what happened, the pages that do open offline, and a Retry that loads the address
 * again (a link: no script, which the site's CSP would refuse inline anyway). Right to left for he and ar.
 */
export function offlinePageHtml(options: { language: Language; url: string; pages: readonly AvailablePage[] }): string {
  const { language, url, pages } = options;
  const texts = OFFLINE_TEXTS[language];
  const list = pages.length
    ? `<h2>${escapeHtml(texts.available)}</h2>\n<ul class="offline__pages">${pages
        .map((page) => `<li><a href="${escapeHtml(page.url)}"><bdi>${escapeHtml(labelOf(page, texts))}</bdi></a></li>`)
        .join('')}</ul>`
    : `<p>${escapeHtml(texts.nothingAvailable)}</p>`;
  return `<!doctype html>
<html lang="${language}" dir="${directionOf(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(texts.title)}</title>
<link rel="stylesheet" href="${OFFLINE_STYLES}">
</head>
<body>
<main class="offline" data-testid="offline-page">
<img class="offline__logo" src="${OFFLINE_LOGO}" alt="" width="64" height="64">
<h1>${escapeHtml(texts.title)}</h1>
<p>${escapeHtml(texts.message)}</p>
<p><a class="offline__retry" href="${escapeHtml(url)}">${escapeHtml(texts.retry)}</a></p>
${list}
</main>
</body>
</html>
`;
}

/** The offline page's styles: logical properties only, readable from 320 px up, in both directions. */
export const OFFLINE_CSS = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; padding: 1.5rem 1rem; background: Canvas; color: CanvasText; }
.offline { max-inline-size: 36rem; margin-inline: auto; text-align: center; overflow-wrap: anywhere; }
.offline__logo { display: block; margin-inline: auto; margin-block-end: 1rem; }
h1 { font-size: 1.5rem; margin-block: 0 0.5rem; }
h2 { font-size: 1.125rem; margin-block: 2rem 0.5rem; }
.offline__retry { display: inline-block; padding: 0.75rem 1.5rem; min-block-size: 44px; box-sizing: border-box;
  border-radius: 0.5rem; background: #1d4ed8; color: #fff; font-weight: 600; text-decoration: none; }
.offline__retry:focus-visible, .offline__pages a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.offline__pages { list-style: none; padding: 0; margin: 0; }
.offline__pages li { margin-block: 0.25rem; }
.offline__pages a { display: inline-block; padding: 0.5rem; min-block-size: 44px; box-sizing: border-box;
  color: LinkText; min-inline-size: 0; max-inline-size: 100%; }
`;
