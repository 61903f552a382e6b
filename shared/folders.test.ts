import { describe, expect, it } from 'vitest';
import { folderNameForEmail, isFolderPlaceholder, MAIN_GALLERY_FOLDER } from './folders';

describe('MAIN_GALLERY_FOLDER', () => {
  it('keeps the name of the original layout, which imported trees and upload tools use', () => {
    expect(MAIN_GALLERY_FOLDER).toBe('MainGallery');
  });
});

describe('folderNameForEmail', () => {
  it('replaces . # $ [ ] with underscores and keeps everything else', () => {
    expect(folderNameForEmail('dana.cohen@example.com')).toBe('dana_cohen@example_com');
    expect(folderNameForEmail('a#b$c[d]e+f@x.io')).toBe('a_b_c_d_e+f@x_io');
  });

  it('lower-cases and trims the address the way accounts store it', () => {
    expect(folderNameForEmail('  Dana@Example.COM ')).toBe('dana@example_com');
  });

  it('recognises the placeholder in listings', () => {
    expect(isFolderPlaceholder('a_b@c_d/.placeholder')).toBe(true);
    expect(isFolderPlaceholder('a_b@c_d/photo.placeholder')).toBe(false);
  });
});
