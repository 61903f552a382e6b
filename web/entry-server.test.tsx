import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Language } from '../shared/i18n/languages';
import { formatShekels } from '../shared/money';
import { FIRST_PAGE_NAMESPACES, render } from './entry-server';

function renderHome(language: Language) {
  const texts = Object.fromEntries(
    FIRST_PAGE_NAMESPACES.map((ns) => [
      ns,
      JSON.parse(fs.readFileSync(`shared/i18n/locales/${language}/${ns}.json`, 'utf8')) as Record<string, unknown>,
    ]),
  );
  return render({
    pathname: '/',
    search: '',
    language,
    texts,
    siteName: 'Horses & Dance',
    data: { session: null, home: { hero: null, heroVideo: null, featured: [] } },
  });
}

function intlTextsOf(stateScript: string): Record<string, string> {
  const json = stateScript.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
  return JSON.parse(json).intlTexts;
}

describe('a page the server renders', () => {
  it('carries the prices it shows as it wrote them, each render only its own, side by side', async () => {
    const [hebrew, english] = await Promise.all([renderHome('he'), renderHome('en')]);
    const hebrewTexts = intlTextsOf(hebrew.stateScript);
    const englishTexts = intlTextsOf(english.stateScript);
    expect(hebrewTexts['shekels he 60']).toBe(formatShekels(60, 'he'));
    expect(englishTexts['shekels en 60']).toBe(formatShekels(60, 'en'));
    expect(hebrew.html).toContain(hebrewTexts['shekels he 60']);
    expect(Object.keys(hebrewTexts).every((key) => key.startsWith('shekels he '))).toBe(true);
    expect(Object.keys(englishTexts).every((key) => key.startsWith('shekels en '))).toBe(true);
  });
});
