import { describe, expect, it } from 'vitest';
import { isValidSlug, slugFromName } from './slug';

describe('the address made from an event’s name', () => {
  it.each([
    // Latin letters and digits are kept, joined by hyphens, accents dropped.
    ['Spring Cup 2026', 'spring-cup-2026'],
    ['  Grand Prix — Kfar Hess!  ', 'grand-prix-kfar-hess'],
    ['Concours de Sauts d’Obstacles à Césarée', 'concours-de-sauts-d-obstacles-a-cesaree'],
    ['Straße', 'strasse'],
    // Hebrew: consonants as Israelis write them, vowel letters as vowels, the article as "ha".
    ['גביע השרון', 'gavia-hasharon'],
    ['גביע השרון 2026', 'gavia-hasharon-2026'],
    ['שלום', 'shalom'],
    ['נועה', 'noa'],
    ['תחרות קפיצות', 'tchrot-kafitzot'],
    ['חיפה', 'chifa'],
    ['צה״ל', 'tzhl'],
    ['צ׳יפס', 'chifs'],
    ['בית־שאן', 'bit-shan'],
    ['ירושלים', 'yaroshlim'],
    ['מכבי', 'mkvi'],
    ['כפר', 'kfr'],
    ['מלך', 'mlch'],
    ['ליגה', 'liga'],
    // Niqqud changes no letter; a dagesh hardens ב and פ, a sin dot makes ש an "s".
    ['שָׁלוֹם', 'shalom'],
    ['סַבָּא', 'saba'],
    ['שָׂרָה', 'sara'],
    // Mixed scripts in one name.
    ['Spring גביע', 'spring-gavia'],
    // Russian and Ukrainian.
    ['Кубок Весны', 'kubok-vesny'],
    ['Щука и Ёж', 'shchuka-i-ezh'],
    ['Київ', 'kiyiv'],
    // Arabic, with and without its vowel marks.
    ['كأس الربيع', 'kas-alrbya'],
    ['كَأْسُ الرَّبِيعِ', 'kas-alrbya'],
    ['بطولة ٢٠٢٦', 'btwla-2026'],
  ])('%s → %s', (name, slug) => {
    expect(slugFromName(name, '2026-05-14')).toBe(slug);
    expect(isValidSlug(slug)).toBe(true);
  });

  it('falls back to the date, and the name’s digits, when no letter can be written in Latin', () => {
    expect(slugFromName('🏇 2026', '2026-05-14')).toBe('event-2026-05-14-2026');
    expect(slugFromName('中文', '2026-05-14')).toBe('event-2026-05-14');
    expect(slugFromName('', '')).toBe('event');
  });

  it('is always an address the server takes, at most 80 characters', () => {
    const long = slugFromName('The very long name of a competition that goes on and on and on and on and on forever');
    expect(long.length).toBeLessThanOrEqual(80);
    expect(isValidSlug(long)).toBe(true);
    const hebrew = slugFromName('גביע השרון בקפיצות ראווה לנוער ולבוגרים במרכז הרכיבה של כפר הס ביום חמישי הקרוב');
    expect(hebrew.length).toBeLessThanOrEqual(80);
    expect(isValidSlug(hebrew)).toBe(true);
    for (const name of ['Spring Cup', 'גביע', 'Кубок', '---', 'A', 'ה', 'ע'])
      expect(isValidSlug(slugFromName(name, '2026-05-14'))).toBe(true);
    expect(isValidSlug('Spring Cup')).toBe(false);
    expect(isValidSlug('-cup')).toBe(false);
  });
});
