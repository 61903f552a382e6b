import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, LANGUAGES } from './languages';

// This test reads files, so it uses node:fs; shared/ code itself stays I/O-free.
const localesDir = path.join(import.meta.dirname, 'locales');

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, String(value));
  }
  return out;
}

// Plural forms differ by language (English: one/other; Russian adds few/many; Arabic has all six), so keys are
// compared by their base name and every form of a base must carry the same placeholders.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function load(language: string, namespace: string): Map<string, string> {
  const file = path.join(localesDir, language, `${namespace}.json`);
  if (!fs.existsSync(file)) return new Map();
  const out = new Map<string, string>();
  for (const [key, text] of flatten(JSON.parse(fs.readFileSync(file, 'utf8')))) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (!out.has(base) || key.endsWith('_other')) out.set(base, text);
  }
  return out;
}

const namespaces = fs
  .readdirSync(path.join(localesDir, FALLBACK_LANGUAGE))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(namespaces)('locale namespace %s', (namespace) => {
  const reference = load(FALLBACK_LANGUAGE, namespace);

  it.each(LANGUAGES.filter((l) => l !== FALLBACK_LANGUAGE))(
    '%s has every key English has, and no stray ones',
    (language) => {
      const other = load(language, namespace);
      const missing = [...reference.keys()].filter((key) => !other.has(key));
      const extra = [...other.keys()].filter((key) => !reference.has(key));
      expect(missing, `missing in ${language}/${namespace}.json`).toEqual([]);
      expect(extra, `not in en/${namespace}.json`).toEqual([]);
    },
  );

  it.each(LANGUAGES.filter((l) => l !== FALLBACK_LANGUAGE))(
    '%s keeps every {{placeholder}} and leaves nothing empty',
    (language) => {
      const other = load(language, namespace);
      for (const [key, text] of reference) {
        const translated = other.get(key) ?? '';
        expect(translated.trim(), `${language}/${namespace}:${key} is empty`).not.toBe('');
        expect(placeholders(translated), `${language}/${namespace}:${key}`).toEqual(placeholders(text));
      }
    },
  );
});
