import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '../../shared/i18n/languages';
import type { Translate } from '../../shared/pricing-text';
import { projectRoot } from '../project-root';

const localesDir = path.join(projectRoot, 'shared', 'i18n', 'locales');
const cache = new Map<string, unknown>();

/** One namespace of one language (shared/i18n/locales/<lang>/<ns>.json), read once per process. */
export function readNamespace(language: Language, namespace: string): unknown {
  const key = `${language}/${namespace}`;
  if (!cache.has(key)) {
    cache.set(key, JSON.parse(fs.readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')));
  }
  return cache.get(key);
}

/** `{{name}}` placeholders, as in i18next. A missing value stays visible rather than vanishing. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) =>
    values[key] === undefined ? whole : String(values[key]),
  );
}

/**
 * The key a count reads, as i18next picks it: `key_<category>` by the language's own plural rules (Intl.PluralRules:
 * Hebrew "two", Arabic "zero" … "many"), else the bare key. Every category is in the files (shared/i18n/plurals.test.ts).
 */
function pluralKey(language: Language, key: string, count: number | undefined, has: (key: string) => boolean): string {
  if (count === undefined) return key;
  const plural = `${key}_${new Intl.PluralRules(language).select(count)}`;
  return has(plural) ? plural : key;
}

/**
 * A `t` function over one namespace, for texts the server writes (e-mails, the terms document). Keys are dotted
 * paths; a missing key throws, which the locale tests prevent from shipping. A numeric `count` chooses the plural
 * form, like i18next does in the browser; `pluralCount` chooses it when `count` is already a formatted, isolated text.
 */
export function serverTranslator(language: Language, namespace: string) {
  const texts = readNamespace(language, namespace);
  const lookup = (key: string): unknown =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
  const translate = (key: string, values: Record<string, string | number> = {}, pluralCount?: number): string => {
    const count = pluralCount ?? (typeof values.count === 'number' ? values.count : undefined);
    const text = lookup(pluralKey(language, key, count, (candidate) => typeof lookup(candidate) === 'string'));
    if (typeof text !== 'string') throw new Error(`${language}/${namespace}.json has no "${key}"`);
    return interpolate(text, values);
  };
  return translate satisfies Translate;
}
