import { describe, expect, it } from 'vitest';
import { lightroomFilterLine } from './lightroom-filter';

describe('the line for Lightroom’s filter', () => {
  it('joins the base names without extensions by OR, in the order picked', () => {
    expect(lightroomFilterLine(['IMG_1234.jpg', 'IMG_1240.JPG', 'DSC0007.cr2'])).toBe(
      'IMG_1234 OR IMG_1240 OR DSC0007',
    );
  });

  it('names a file once, keeps dots inside a name and a name without an extension whole', () => {
    expect(lightroomFilterLine(['IMG_1234.jpg', 'IMG_1234.mov', 'jump.final.jpg', 'scan'])).toBe(
      'IMG_1234 OR jump.final OR scan',
    );
  });

  it('is empty for no files', () => {
    expect(lightroomFilterLine([])).toBe('');
  });
});
