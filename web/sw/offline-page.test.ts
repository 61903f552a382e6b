// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/i18n/languages';
import { OFFLINE_LOGO, OFFLINE_TEXTS, offlineLanguage, offlinePageHtml, pageTitleOf } from './offline-page';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('the offline page language', () => {
  const url = 'https://photos.example/events/spring';

  it('follows the remembered choice first, then ?lng=, then the browser, as the server does', () => {
    expect(offlineLanguage({ cookie: 'ar', url: `${url}?lng=fr`, browserLanguages: ['ru'] })).toBe('ar');
    expect(offlineLanguage({ cookie: null, url: `${url}?lng=fr`, browserLanguages: ['ru'] })).toBe('fr');
    expect(offlineLanguage({ cookie: 'xx', url, browserLanguages: ['de-DE', 'iw-IL', 'en'] })).toBe('he');
    expect(offlineLanguage({ cookie: undefined, url, browserLanguages: ['de'] })).toBe('en');
  });

  it('without a cookie it can read, takes the language of the last page the server sent as the remembered one', () => {
    const lastPage = { lastPageLanguage: 'ar', browserLanguages: ['ru'] };
    expect(offlineLanguage({ cookie: null, url, ...lastPage })).toBe('ar');
    expect(offlineLanguage({ cookie: null, url: `${url}?lng=fr`, ...lastPage })).toBe('ar');
    expect(offlineLanguage({ cookie: 'he', url, ...lastPage })).toBe('he');
    expect(offlineLanguage({ cookie: 'xx', url, ...lastPage })).toBe('ar');
    expect(offlineLanguage({ cookie: null, url, lastPageLanguage: 'xx', browserLanguages: ['ru'] })).toBe('ru');
  });
});

describe('the offline page', () => {
  const url = 'https://photos.example/events/spring?x=1';

  it('is written in the visitor language, right to left for Hebrew and Arabic', () => {
    for (const language of LANGUAGES) {
      const page = parse(offlinePageHtml({ language, url, pages: [] }));
      const root = page.documentElement;
      expect(root.lang).toBe(language);
      expect(root.dir).toBe(language === 'he' || language === 'ar' ? 'rtl' : 'ltr');
      expect(page.querySelector('h1')?.textContent).toBe(OFFLINE_TEXTS[language].title);
    }
  });

  it('shows the logo, a retry that loads the same address, and no script', () => {
    const html = offlinePageHtml({ language: 'en', url, pages: [] });
    const page = parse(html);
    expect(page.querySelector('img')?.getAttribute('src')).toBe(OFFLINE_LOGO);
    const retry = page.querySelector<HTMLAnchorElement>('a.offline__retry');
    expect(retry?.textContent).toBe('Try again');
    expect(retry?.getAttribute('href')).toBe(url);
    expect(html).not.toMatch(/<script|<style|\son\w+=/i);
    expect(page.body.textContent).toContain('No pages have been saved on this device yet.');
  });

  it('lists the pages that open offline by their titles, else by the app name or the address, escaped', () => {
    const pages = [
      { url: 'https://photos.example/gallery', title: 'Gallery <b>& friends</b>' },
      { url: 'https://photos.example/', title: null },
      { url: 'https://photos.example/events/a?lng=he', title: null },
    ];
    const page = parse(offlinePageHtml({ language: 'he', url, pages }));
    const links = [...page.querySelectorAll('.offline__pages a')];
    expect(links.map((link) => link.textContent)).toEqual(['Gallery <b>& friends</b>', 'דף הבית', '/events/a?lng=he']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(pages.map((entry) => entry.url));
    expect(page.querySelector('h2')?.textContent).toBe(OFFLINE_TEXTS.he.available);
    expect(page.querySelector('.offline__pages b')).toBeNull();
  });

  it('reads a kept page title, decoding its entities', () => {
    expect(pageTitleOf('<html><head><title>Ben &amp; Dana&#39;s day</title></head></html>')).toBe("Ben & Dana's day");
    expect(pageTitleOf('<html><head><title> </title></head></html>')).toBeNull();
    expect(pageTitleOf('<p>no title</p>')).toBeNull();
  });
});
