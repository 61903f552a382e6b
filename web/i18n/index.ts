import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  directionOf,
  FALLBACK_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
  matchLanguage,
} from '../../shared/i18n/languages';

/**
 * Translations are JSON files per language and namespace in shared/i18n/locales/<lang>/<ns>.json.
 * Only the visitor's language is downloaded: each file is its own lazily loaded chunk.
 */
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../../shared/i18n/locales/*/*.json',
  // The e-mails' texts and the pages' descriptions for search engines are the server's alone: no chunk, and no
  // entry in this map every page downloads.
  '!../../shared/i18n/locales/*/{mail,seo}.json',
  // The lazy namespaces (LAZY_NAMESPACES) are listed in lazy-locales.ts, which useNamespace() hands to
  // loadNamespace(): their entries stay out of the first visit's JavaScript.
  '!../../shared/i18n/locales/*/{admin,proofing,events,eventsAdmin,booking,sales}.json',
]);

export const NAMESPACES = [
  'common',
  'home',
  'auth',
  'gallery',
  'admin',
  'contact',
  'proofing',
  'events',
  'eventsAdmin',
  'booking',
  'sales',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * The namespaces every visitor needs. The admin panel's texts are the largest and only the photographer reads them,
 * so they load when the panel opens (`loadNamespace`), not with the first page; the proofing texts (picks and
 * orders) and the sale's (paying, receipts, delivery, edits) likewise load only where a client picks photos or the
 * photographer sells, and the competitions' texts (the public pages, and the admin panel's Events tab) only there.
 */
const LAZY_NAMESPACES: readonly Namespace[] = ['admin', 'proofing', 'events', 'eventsAdmin', 'booking', 'sales'];

/** The namespaces the first page of any visit needs: the server embeds them in the page it renders. */
export const FIRST_PAGE_NAMESPACES: readonly Namespace[] = NAMESPACES.filter((ns) => !LAZY_NAMESPACES.includes(ns));
const loaded = new Set<Namespace>(FIRST_PAGE_NAMESPACES);

async function loadLanguage(instance: I18n, language: Language): Promise<void> {
  await Promise.all(
    [...loaded].map(async (ns) => {
      if (instance.hasResourceBundle(language, ns)) return;
      const load = localeFiles[`../../shared/i18n/locales/${language}/${ns}.json`];
      if (!load) return;
      const module = await load();
      instance.addResourceBundle(language, ns, module.default, true, true);
    }),
  );
}

/**
 * Loads a namespace kept out of the first page, in the current language; later language switches load it too.
 * `files` are the loaders of the lazy namespaces' files (lazy-locales.ts), which the first page does not carry.
 */
export async function loadNamespace(instance: I18n, ns: Namespace, files?: typeof localeFiles): Promise<void> {
  if (files) Object.assign(localeFiles, files);
  loaded.add(ns);
  await loadLanguage(instance, currentLanguage(instance));
}

/** Reflects the language on <html> so CSS logical properties and screen readers follow it. */
export function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/** Texts of one language by namespace, as the locale files hold them. */
export type LanguageTexts = Partial<Record<Namespace, Record<string, unknown>>>;

/**
 * An i18next instance in `language` with the texts given, ready at once (no detection, no loading): the server
 * renders with it, and the browser starts from the same language and texts, so both render the same page.
 */
export function createI18n(language: Language, texts: LanguageTexts): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  void instance.init({
    lng: language,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: FALLBACK_LANGUAGE,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { [language]: texts },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}

/**
 * Starts i18next in the browser, in the language the server chose and wrote into `<html lang>` (the `lng` cookie,
 * then `?lng=`, then the browser's languages: resolveLanguage in shared/i18n/languages.ts), with the texts the
 * server embedded in the page; whatever else the first page needs is loaded here. A `?lng=` the page was served in
 * is remembered, as a choice in the menu is.
 */
export async function initI18n(embedded?: { language: Language; texts: LanguageTexts }): Promise<I18n> {
  const language = embedded?.language ?? matchLanguage(document.documentElement.lang) ?? FALLBACK_LANGUAGE;
  const instance = createI18n(language, embedded?.texts ?? {});
  await loadLanguage(instance, language);
  if (new URLSearchParams(location.search).get(LANGUAGE_STORAGE_KEY) === language) rememberLanguage(language);
  instance.on('languageChanged', (lng) => applyDocumentLanguage(matchLanguage(lng) ?? FALLBACK_LANGUAGE));
  return instance;
}

/** The cookie the server reads to serve the next page in this language (a year, the whole site). */
function rememberLanguage(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}

export function currentLanguage(instance: I18n): Language {
  return matchLanguage(instance.resolvedLanguage ?? instance.language) ?? FALLBACK_LANGUAGE;
}

/** Switches language without a reload: loads the new language's files first, so nothing flashes in English. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  await loadLanguage(instance, language);
  await instance.changeLanguage(language);
  rememberLanguage(language);
}
