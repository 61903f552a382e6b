import { describe, expect, it } from 'vitest';
import { directionOf, languageFromAcceptHeader, matchLanguage, resolveLanguage } from './languages';

describe('languages', () => {
  it('knows which scripts run right to left', () => {
    expect(directionOf('he')).toBe('rtl');
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('fa')).toBe('rtl');
    expect(directionOf('ur-PK')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('ru')).toBe('ltr');
    expect(directionOf('fr')).toBe('ltr');
  });

  it('maps regional and legacy tags and rejects the rest', () => {
    expect(matchLanguage('fr-CA')).toBe('fr');
    expect(matchLanguage('iw')).toBe('he');
    expect(matchLanguage('de')).toBeNull();
    expect(matchLanguage('<script>')).toBeNull();
    expect(matchLanguage('')).toBeNull();
  });

  it('honours q-values in Accept-Language', () => {
    expect(languageFromAcceptHeader('de-DE,de;q=0.9,ru;q=0.8,en;q=0.7')).toBe('ru');
    expect(languageFromAcceptHeader('en;q=0.5, ar;q=0.9')).toBe('ar');
    expect(languageFromAcceptHeader('de, ja')).toBeNull();
  });

  it('prefers the remembered choice, then the query, then the browser, then English', () => {
    expect(resolveLanguage({ cookie: 'he', query: 'fr', acceptLanguage: 'ru' })).toBe('he');
    expect(resolveLanguage({ cookie: 'xx', query: 'fr', acceptLanguage: 'ru' })).toBe('fr');
    expect(resolveLanguage({ query: 'nope', acceptLanguage: 'ru-RU' })).toBe('ru');
    expect(resolveLanguage({})).toBe('en');
  });
});
