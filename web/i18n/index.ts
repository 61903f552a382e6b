import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  directionOf,
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
  matchLanguage,
  PAGE_LANGUAGE_MESSAGE,
} from '../../shared/i18n/languages';

type LocaleFiles = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

/**
 * Translations are JSON files per language and namespace in shared/i18n/locales/<lang>/<ns>.json, each its own
 * lazily loaded chunk: only the visitor's language is downloaded. The loaders are added as they are needed: the first
 * page's (locale-files.ts) when a text is missing, the lazy namespaces' (lazy-locales.ts) by loadNamespace.
 */
const localeFiles: LocaleFiles = {};
let firstPageFiles: Promise<void> | undefined;

function addFirstPageFiles(): Promise<void> {
  firstPageFiles ??= import('./locale-files').then((module) => {
    Object.assign(localeFiles, module.firstPageLocaleFiles);
  });
  return firstPageFiles;
}

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
 * The two maps of files (locale-files.ts, lazy-locales.ts) name these again, because Vite reads their patterns as
 * written; locale-files.test.ts holds them to this list.
 */
export const LAZY_NAMESPACES: readonly Namespace[] = ['admin', 'proofing', 'events', 'eventsAdmin', 'booking', 'sales'];

/** The namespaces the first page of any visit needs: the server embeds them in the page it renders. */
export const FIRST_PAGE_NAMESPACES: readonly Namespace[] = NAMESPACES.filter((ns) => !LAZY_NAMESPACES.includes(ns));
const loaded = new Set<Namespace>(FIRST_PAGE_NAMESPACES);

async function loadLanguage(instance: I18n, language: Language): Promise<void> {
  const missing = [...loaded].filter((ns) => !instance.hasResourceBundle(language, ns));
  if (missing.some((ns) => FIRST_PAGE_NAMESPACES.includes(ns))) await addFirstPageFiles();
  await Promise.all(
    missing.map(async (ns) => {
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
export async function loadNamespace(instance: I18n, ns: Namespace, files?: LocaleFiles): Promise<void> {
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
 * server embedded in the page; whatever else the first page needs is loaded here. (A `?lng=` the page was served in
 * the server has already remembered: sendPage in server/plugins/web-pages.ts.)
 */
export async function initI18n(embedded?: { language: Language; texts: LanguageTexts }): Promise<I18n> {
  const language = embedded?.language ?? matchLanguage(document.documentElement.lang) ?? FALLBACK_LANGUAGE;
  const instance = createI18n(language, embedded?.texts ?? {});
  await loadLanguage(instance, language);
  instance.on('languageChanged', (lng) => applyDocumentLanguage(matchLanguage(lng) ?? FALLBACK_LANGUAGE));
  return instance;
}

/**
 * The cookie the server reads to serve the next page in this language (a year, the whole site), and the same choice
 * told to the service worker, for its offline page.
 */
function rememberLanguage(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
  navigator.serviceWorker?.controller?.postMessage({ type: PAGE_LANGUAGE_MESSAGE, language });
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
