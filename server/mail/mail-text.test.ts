import { describe, expect, it } from 'vitest';
import { needsIsolation } from '../../shared/bidi';
import { mailStrings } from './mail-text';

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
