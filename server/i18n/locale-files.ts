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
 * A `t` function over one namespace, for texts the server writes (e-mails, the terms document). Keys are dotted
 * paths; a missing key throws, which the locale tests prevent from shipping.
 */
export function serverTranslator(language: Language, namespace: string): Translate {
  const texts = readNamespace(language, namespace);
  return (key, values = {}) => {
    const text = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
    if (typeof text !== 'string') throw new Error(`${language}/${namespace}.json has no "${key}"`);
    return interpolate(text, values);
  };
}
