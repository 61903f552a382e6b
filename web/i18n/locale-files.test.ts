import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/i18n/languages';
import { FIRST_PAGE_NAMESPACES, LAZY_NAMESPACES } from '.';
import { lazyLocaleFiles } from './lazy-locales';
import { firstPageLocaleFiles } from './locale-files';

/** Vite reads a glob's pattern as written, so the two maps spell the lazy namespaces out; here they meet the list. */
function filesByLanguage(files: Record<string, unknown>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of Object.keys(files)) {
    const [, language, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (!language || !ns) throw new Error(`not a locale file: ${file}`);
    found.set(language, [...(found.get(language) ?? []), ns].sort());
  }
  return found;
}

describe('the translation files the browser can load', () => {
  it('the first page carries exactly its namespaces, in every language', () => {
    const found = filesByLanguage(firstPageLocaleFiles);
    expect([...found.keys()].sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) expect(found.get(language)).toEqual([...FIRST_PAGE_NAMESPACES].sort());
  });

  it('the lazy map holds exactly the namespaces kept out of the first page, in every language', () => {
    const found = filesByLanguage(lazyLocaleFiles);
    expect([...found.keys()].sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) expect(found.get(language)).toEqual([...LAZY_NAMESPACES].sort());
  });
});
