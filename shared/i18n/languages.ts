/** The interface languages, in the order the language menu lists them. Hebrew first: the site is Hebrew-first. */
export const LANGUAGES = ['he', 'en', 'ru', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en';

/** Name of the cookie that remembers the visitor's choice (the browser writes it, the server reads it), and of `?lng=`. */
export const LANGUAGE_STORAGE_KEY = 'lng';

/** How long that cookie keeps the choice, in seconds: a year. */
export const LANGUAGE_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365;

/**
 * The message `{ type, language }` a page sends its service worker when the visitor's language is chosen: a worker
 * that cannot read the cookie (no Cookie Store API) still writes its offline page in that language.
 */
export const PAGE_LANGUAGE_MESSAGE = 'PAGE_LANGUAGE';

/** Each language's own name for itself, as the menu shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  he: 'עברית',
  en: 'English',
  ru: 'Русский',
  fr: 'Français',
  ar: 'العربية',
};

/** Scripts written right to left. fa and ur are listed so that adding them later needs no change here. */
const RTL_LANGUAGES = new Set(['he', 'ar', 'fa', 'ur']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(baseLanguage(language)) ? 'rtl' : 'ltr';
}

/** 'he-IL' → 'he'. */
function baseLanguage(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/** Maps a tag such as 'fr-CA' to a supported language, or null. Never echoes the input back. */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = baseLanguage(tag);
  // 'iw' is the pre-1989 code for Hebrew that some older browsers still send.
  const normalized = base === 'iw' ? 'he' : base;
  return isLanguage(normalized) ? normalized : null;
}

/** Picks the first supported language from an Accept-Language header, honouring q-values. */
export function languageFromAcceptHeader(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const match = matchLanguage(entry.tag);
    if (match) return match;
  }
  return null;
}

/**
 * The language a page is served in: the remembered choice (cookie), then `?lng=`, then the browser's languages.
 * The browser's detector follows the same order.
 */
export function resolveLanguage(input: {
  cookie?: string | null;
  query?: string | null;
  acceptLanguage?: string | null;
}): Language {
  return (
    matchLanguage(input.cookie) ??
    matchLanguage(input.query) ??
    languageFromAcceptHeader(input.acceptLanguage) ??
    FALLBACK_LANGUAGE
  );
}
