import { describe, expect, it } from 'vitest';
import { formatShekels } from './money';

describe('formatShekels', () => {
  it('writes the amount and the shekel sign in every locale', () => {
    for (const locale of ['he', 'en', 'ru', 'fr', 'ar']) {
      const text = formatShekels(60, locale);
      expect(text).toContain('₪');
      // Arabic locales may use Arabic-Indic digits; normalise them before checking the number.
      const western = text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
      expect(western).toContain('60');
    }
  });

  it('drops the fraction digits', () => {
    expect(formatShekels(150, 'en')).toBe('₪150');
  });
});
