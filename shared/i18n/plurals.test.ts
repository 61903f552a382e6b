import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, LANGUAGES } from './languages';

// Every text that shows a count is an i18next plural key with every form its language has. i18next picks the form by
// Intl.PluralRules (Hebrew "two", Arabic "zero", "few" and "many" …) and, when that form is missing, falls back to the
// bare key, not to `_other`: a missing form shows the key's raw name. These checks read the files themselves.
const localesDir = path.join(import.meta.dirname, 'locales');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, String(value));
  }
  return out;
}

const namespaces = fs
  .readdirSync(path.join(localesDir, FALLBACK_LANGUAGE))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));

/** Every text of every language, as `ns:key` → text. */
function texts(language: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const ns of namespaces) {
    const file = path.join(localesDir, language, `${ns}.json`);
    if (!fs.existsSync(file)) continue;
    for (const [key, text] of flatten(JSON.parse(fs.readFileSync(file, 'utf8')))) out.set(`${ns}:${key}`, text);
  }
  return out;
}

/** The plural bases of a language and the forms each has: `admin:folder.count` → {one, two, other}. */
function pluralBases(all: Map<string, string>): Map<string, Set<string>> {
  const bases = new Map<string, Set<string>>();
  for (const key of all.keys()) {
    const form = key.match(PLURAL_SUFFIX)?.[1];
    if (!form) continue;
    const base = key.replace(PLURAL_SUFFIX, '');
    bases.set(base, (bases.get(base) ?? new Set()).add(form));
  }
  return bases;
}

/**
 * Placeholder names that hold a count of things: a text with one of them and no plural forms would read "1 days" or
 * "1 ימים". The names are the ones this code base uses for counts; a position ("photo {{number}}", "{{position}}")
 * or an amount of money is not a count and is named otherwise. The rule is a heuristic on names, so it is checked on
 * the English texts only (every language has the same placeholders: locales.test.ts) and the few texts where such a
 * name holds no count of things are listed below with their reason.
 */
const COUNT_NAME = /^(count|n|num|total|days|hours|minutes|seconds|entries|photos|items|files)$|(Count|Total)$/;
const NOT_A_COUNT: Record<string, string> = {
  // "3 of 12": a place in a sequence, and no word agrees with the number.
  'gallery:lightbox.position': 'a position',
  // "1.2 MB of 40 MB": sizes already written with their unit.
  'admin:tray.bytes': 'sizes with their units',
};

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] as string);

describe.each(LANGUAGES)('plural forms in %s', (language) => {
  const all = texts(language);
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;

  it('finds the texts it checks', () => {
    // Guards the reader itself: no files read would pass every check below.
    expect(all.size).toBeGreaterThan(500);
    expect(pluralBases(all).size).toBeGreaterThan(20);
  });

  it('writes every {{count}} in a plural form', () => {
    const bare = [...all].filter(([key, text]) => /\{\{\s*count\s*\}\}/.test(text) && !PLURAL_SUFFIX.test(key));
    expect(bare.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it(`gives every plural key exactly the forms ${language} has (${categories.join(', ')})`, () => {
    const wrong = [...pluralBases(all)].flatMap(([base, forms]) => {
      const missing = categories.filter((category) => !forms.has(category));
      const stray = [...forms].filter((form) => !categories.includes(form as Intl.LDMLPluralRule));
      return missing.length || stray.length ? [`${base}: missing [${missing}] stray [${stray}]`] : [];
    });
    expect(wrong).toEqual([]);
  });
});

describe('texts that show a count without plural forms', () => {
  it('no English text outside a plural key has a placeholder named like a count', () => {
    const suspects = [...texts(FALLBACK_LANGUAGE)].filter(
      ([key, text]) =>
        !PLURAL_SUFFIX.test(key) && !(key in NOT_A_COUNT) && placeholders(text).some((name) => COUNT_NAME.test(name)),
    );
    expect(suspects.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('recognises a count by its name, and leaves positions and amounts alone', () => {
    // Guards the heuristic itself, whose only other test is that the final files pass it.
    for (const name of ['count', 'n', 'total', 'days', 'hours', 'itemCount', 'newTotal'])
      expect(name).toMatch(COUNT_NAME);
    for (const name of ['number', 'position', 'amount', 'price', 'limit', 'date', 'name']) {
      expect(name).not.toMatch(COUNT_NAME);
    }
  });
});
