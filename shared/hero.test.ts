import { describe, expect, it } from 'vitest';
import { HERO_BLOCK_SIZE, heroPictureWidthOnPhone, heroSizes } from './hero';

describe('the hero picture’s size', () => {
  it('is the wider of the viewport and the box’s height times the picture’s aspect ratio (object-fit: cover)', () => {
    expect(HERO_BLOCK_SIZE).toBe('min(88svh, 52rem)');
    expect(heroSizes(1280, 720)).toBe('max(100vw, calc(min(88svh, 52rem) * 1.7778))');
    expect(heroSizes(720, 1280)).toBe('max(100vw, calc(min(88svh, 52rem) * 0.5625))');
  });

  it('asks the phone for the box’s height × aspect × 1.75 device pixels, or the viewport’s width when wider', () => {
    // 823 × 0.88 = 724 px tall; a 16:9 picture covering it is 1288 CSS px wide, 2254 device pixels at 1.75×.
    expect(heroPictureWidthOnPhone(1920, 1080)).toBe(2254);
    // A portrait picture is drawn at the viewport's width: 412 × 1.75.
    expect(heroPictureWidthOnPhone(1080, 1920)).toBe(721);
  });
});
