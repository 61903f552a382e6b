import { describe, expect, it } from 'vitest';
import { adoptServerIntlTexts, intlText, recordIntlTexts } from './intl-texts';

describe('a text Intl formats', () => {
  it('is formatted where the server did not write it, and taken from the server where it did, noted either way', () => {
    const noted: Array<[string, string]> = [];
    recordIntlTexts((key, text) => noted.push([key, text]));
    let formatted = 0;
    const format = () => {
      formatted++;
      return 'formatted here';
    };
    expect(intlText('price he 60', format)).toBe('formatted here');
    adoptServerIntlTexts({ 'price he 60': 'as the server wrote it' });
    expect(intlText('price he 60', format)).toBe('as the server wrote it');
    expect(intlText('price he 70', format)).toBe('formatted here');
    expect(formatted).toBe(2);
    expect(noted).toEqual([
      ['price he 60', 'formatted here'],
      ['price he 60', 'as the server wrote it'],
      ['price he 70', 'formatted here'],
    ]);
  });
});
