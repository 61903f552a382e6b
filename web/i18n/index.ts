import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
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
  // The e-mails' texts are the server's alone: no chunk, and no entry in this map every page downloads.
  '!../../shared/i18n/locales/*/mail.json',
  // The lazy namespaces (LAZY_NAMESPACES) are listed in lazy-locales.ts, which useNamespace() hands to
  // loadNamespace(): their 20 entries stay out of the first visit's JavaScript.
  '!../../shared/i18n/locales/*/{admin,proofing,events,eventsAdmin}.json',
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
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * The namespaces every visitor needs. The admin panel's texts are the largest and only the photographer reads them,
 * so they load when the panel opens (`loadNamespace`), not with the first page; the proofing texts (picks and
 * orders) likewise load only where a client picks photos, and the competitions' texts (the public pages, and the
 * admin panel's Events tab) only on those pages.
 */
const LAZY_NAMESPACES: readonly Namespace[] = ['admin', 'proofing', 'events', 'eventsAdmin'];
const loaded = new Set<Namespace>(NAMESPACES.filter((ns) => !LAZY_NAMESPACES.includes(ns)));

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

/**
 * Starts i18next. Detection order: the stored choice, then `?lng=`, then the browser's languages; the
 * choice is remembered in localStorage and in a cookie the server reads to render `<html lang dir>`.
 */
export async function initI18n(): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(LanguageDetector).use(initReactI18next);
  await instance.init({
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: FALLBACK_LANGUAGE,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: {
      order: ['localStorage', 'querystring', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      lookupQuerystring: 'lng',
      lookupCookie: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage', 'cookie'],
      cookieMinutes: 60 * 24 * 365,
      cookieOptions: { path: '/', sameSite: 'lax' },
    },
    react: { useSuspense: false },
  });
  const language = currentLanguage(instance);
  // Only the visitor's language is fetched: the locale tests guarantee every language has every key.
  await loadLanguage(instance, language);
  await instance.changeLanguage(language);
  applyDocumentLanguage(language);
  instance.on('languageChanged', (lng) => applyDocumentLanguage(matchLanguage(lng) ?? FALLBACK_LANGUAGE));
  return instance;
}

export function currentLanguage(instance: I18n): Language {
  return matchLanguage(instance.resolvedLanguage ?? instance.language) ?? FALLBACK_LANGUAGE;
}

/** Switches language without a reload: loads the new language's files first, so nothing flashes in English. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  await loadLanguage(instance, language);
  await instance.changeLanguage(language);
}
