import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';

const FSI = '\u2068';
const PDI = '\u2069';

describe('formatBytes', () => {
  it("spells sizes with Intl's units in the reader's language", () => {
    expect(formatBytes(0, 'en')).toBe('0 byte');
    expect(formatBytes(999, 'en')).toBe('999 byte');
    expect(formatBytes(75_300, 'en')).toBe('75.3 kB');
    expect(formatBytes(3_340_000, 'en')).toBe('3.3 MB');
    expect(formatBytes(2_500_000_000, 'en')).toBe('2.5 GB');
    // ICU versions differ in the space they put before the unit (plain, no-break or narrow no-break).
    const spaced = (text: string) => text.replace(/\s/gu, ' ');
    expect(spaced(formatBytes(3_340_000, 'fr'))).toBe('3,3 Mo');
    expect(spaced(formatBytes(3_340_000, 'ru'))).toBe('3,3 МБ');
  });

  it('isolates the size in a right-to-left language, so "3.3 MB" never reads "MB 3.3"', () => {
    expect(formatBytes(3_340_000, 'he')).toBe(`${FSI}3.3 MB${PDI}`);
    expect(formatBytes(75_300, 'ar')).toMatch(new RegExp(`^${FSI}.+${PDI}$`));
    expect(formatBytes(3_340_000, 'en')).not.toContain(FSI);
  });
});
