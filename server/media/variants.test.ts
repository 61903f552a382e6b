import { describe, expect, it } from 'vitest';
import { AVIF, formatsFor, JPEG, PNG, VARIANT_WIDTHS, WEBP, widthsFor } from './variants';

describe('variants', () => {
  it('gives every width below the source plus the source width, never more than the largest', () => {
    expect(widthsFor(6000)).toEqual([...VARIANT_WIDTHS]);
    expect(widthsFor(2400)).toEqual([480, 960, 1600, 2400]);
    expect(widthsFor(1200)).toEqual([480, 960, 1200]);
    expect(widthsFor(300)).toEqual([300]);
  });

  it('makes AVIF up to its maxWidth only, and the fallback (JPEG, or PNG with alpha) at every width', () => {
    expect(AVIF.maxWidth).toBe(1600);
    for (const width of [480, 960, 1600]) expect(formatsFor(false, width)).toEqual([AVIF, WEBP, JPEG]);
    expect(formatsFor(false, 2400)).toEqual([WEBP, JPEG]);
    expect(formatsFor(true, 2400)).toEqual([WEBP, PNG]);
    expect(formatsFor(true, 1601).at(-1)).toBe(PNG);
  });

  it('keeps AVIF at an effort of at most 2', () => {
    expect(Number(AVIF.options.effort)).toBeLessThanOrEqual(2);
  });
});
