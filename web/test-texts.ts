import fs from 'node:fs';
import path from 'node:path';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

const localesDir = path.join(import.meta.dirname, '../shared/i18n/locales');

/**
 * For component tests: an i18next instance holding the real texts of `language` for `namespaces`, as the app loads
 * them, so a test reads what a visitor reads (and fails on a missing or broken translation).
 */
export async function testTexts(language: string, namespaces: string[], defaultNS = namespaces[0]): Promise<I18n> {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    namespaces.map((ns) => [ns, JSON.parse(fs.readFileSync(path.join(localesDir, language, `${ns}.json`), 'utf8'))]),
  );
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: resources },
    defaultNS,
    interpolation: { escapeValue: false },
  });
  return instance;
}
