import { describe, expect, it } from 'vitest';
import { needsIsolation } from '../../shared/bidi';
import { escapeHtml } from '../html';
import { htmlDocument, isolatesAsHtml, mailStrings } from './mail-text';

const FSI = '\u2068';
const PDI = '\u2069';

describe('mailStrings isolates a value only where directions mix', () => {
  it('isolates a Latin value inside a right-to-left message', () => {
    const t = mailStrings('he', 'photosReady', { siteName: 'Horse & Dance', name: 'Maya' });
    expect(t('subject')).toBe(`התמונות שלכם מהאתר ${FSI}Horse & Dance${PDI} מוכנות`);
    expect(mailStrings('ar', 'photosReady', { siteName: 'Horse & Dance', name: '' })('subject')).toContain(
      `${FSI}Horse & Dance${PDI}`,
    );
  });

  it('leaves a Latin value as it is inside a left-to-right message', () => {
    const t = mailStrings('fr', 'photosReady', { siteName: 'Horse & Dance', name: 'Camille' });
    expect(t('subject')).toBe('Vos photos de Horse & Dance sont prêtes');
    expect(t('greetingNamed')).toBe('Bonjour Camille,');
    expect(mailStrings('en', 'photosReady', { siteName: 'Horse & Dance', name: '' })('subject')).toBe(
      'Your photos from Horse & Dance are ready',
    );
  });

  it('isolates a Hebrew or Arabic value inside a left-to-right message, and only that value', () => {
    const t = mailStrings('en', 'photosReady', { siteName: 'Horse & Dance', name: 'מאיה כהן' });
    expect(t('greetingNamed')).toBe(`Hello ${FSI}מאיה כהן${PDI},`);
    expect(t('subject')).toBe('Your photos from Horse & Dance are ready');
    expect(needsIsolation('fr', 'Layla ليلى')).toBe(true);
  });

  it('has nothing to isolate in an empty value', () => {
    expect(needsIsolation('he', '')).toBe(false);
  });
});

describe("mailStrings counts in the reader's plural forms", () => {
  it('picks Hebrew one, two and other, and Arabic zero to other, by the number given as `count`', () => {
    const he = (count: number) => mailStrings('he', 'photosReady', { siteName: 'x', name: '', count })('count');
    expect([1, 2, 5].map(he)).toEqual([
      'פריט חדש אחד בגלריה שלכם',
      'שני פריטים חדשים בגלריה שלכם',
      `${FSI}5${PDI} פריטים חדשים בגלריה שלכם`,
    ]);
    const ar = (count: number) => mailStrings('ar', 'orderConfirmation', { siteName: 'x', name: '', count })('intro');
    expect([1, 2, 3, 11, 100].map(ar)).toEqual([
      'شكرًا لك! وصل اختيارك إلى المصوّر: صورة واحدة.',
      'شكرًا لك! وصل اختيارك إلى المصوّر: صورتان.',
      `شكرًا لك! وصل اختيارك إلى المصوّر: ${FSI}3${PDI} صور.`,
      `شكرًا لك! وصل اختيارك إلى المصوّر: ${FSI}11${PDI} صورةً.`,
      `شكرًا لك! وصل اختيارك إلى المصوّر: ${FSI}100${PDI} صورة.`,
    ]);
    expect(mailStrings('en', 'photosReady', { siteName: 'x', name: '', count: 1 })('count')).toBe(
      '1 new item in your gallery',
    );
  });
});

describe('the HTML of an e-mail', () => {
  it('turns each isolated value into a dir="auto" span, for clients that ignore the isolate characters', () => {
    const t = mailStrings('he', 'resetPassword', { siteName: 'Horses & Dance Photography', email: 'a@example.com' });
    const html = htmlDocument('he', t('subject'), `<p>${escapeHtml(t('intro'))}</p>`);
    expect(html).toContain('<span dir="auto">Horses &amp; Dance Photography</span>');
    expect(html).toContain('<span dir="auto">a@example.com</span>');
    const body = html.slice(html.indexOf('<body'));
    expect(body).not.toMatch(/[\u2068\u2069]/);
    // The title holds no elements: it keeps the isolate characters.
    expect(html).toContain(`<title>איפוס הסיסמה שלכם באתר ${FSI}Horses &amp; Dance Photography${PDI}</title>`);
    expect(isolatesAsHtml('plain text')).toBe('plain text');
  });

  it('addresses the reader of the reset e-mail in one grammatical number, subject and body alike', () => {
    const values = { siteName: 'Horse & Dance', email: 'a@example.com' };
    const he = mailStrings('he', 'resetPassword', values);
    const hebrew = ['subject', 'intro', 'linkInstructions', 'codeInstructions', 'ignore']
      .map((key) => he(key))
      .join(' ');
    // Plural forms (שלכם, פתחו, הזינו, ביקשתם) throughout; none of the singular ones (שלך, פתח, הזן, ביקשת).
    expect(hebrew).toMatch(/שלכם/);
    expect(hebrew).not.toMatch(/שלך|(^|\s)פתח(\s|$)|הזן(\s|$)|ביקשת(\s|$)/);
  });
});
