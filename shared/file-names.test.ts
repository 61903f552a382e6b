import { describe, expect, it } from 'vitest';
import { extensionForType, extensionOf, MAX_FILE_NAME_LENGTH, sanitizeFileName, withExtension } from './file-names';

describe('sanitizeFileName', () => {
  it('turns the forbidden characters and whitespace into underscores', () => {
    expect(sanitizeFileName('a/b\\c:d*e?f"g<h>i|j k\tl.jpg')).toBe('a_b_c_d_e_f_g_h_i_j_k_l.jpg');
  });

  it('removes control characters, NUL included', () => {
    expect(sanitizeFileName('ph\u0000o\u0007to\u009b.png')).toBe('photo.png');
  });

  it('turns an empty name into "file"', () => {
    expect(sanitizeFileName('', 'image/png')).toBe('file.png');
    expect(sanitizeFileName('\u0000\u0001')).toBe('file.bin');
    expect(sanitizeFileName('.jpg', 'image/jpeg')).toBe('jpg.jpg');
    expect(sanitizeFileName('..jpg')).toBe('file.jpg');
  });

  it('keeps an extension of 2 to 5 letters or digits', () => {
    expect(sanitizeFileName('ride.JPEG')).toBe('ride.JPEG');
    expect(sanitizeFileName('clip.mp4')).toBe('clip.mp4');
    expect(sanitizeFileName('x.h264', 'video/mp4')).toBe('x.h264');
  });

  it('takes the extension from the type when the declared one is not 2 to 5 alphanumerics, else bin', () => {
    expect(sanitizeFileName('ride.j', 'image/jpeg')).toBe('ride.j.jpg');
    expect(sanitizeFileName('ride.toolong', 'video/quicktime')).toBe('ride.toolong.mov');
    expect(sanitizeFileName('ride', 'image/webp')).toBe('ride.webp');
    expect(sanitizeFileName('ride', 'application/x-unknown')).toBe('ride.bin');
    expect(sanitizeFileName('ride.jp-g')).toBe('ride.jp-g.bin');
  });

  it('never produces a path: traversal collapses into one harmless name', () => {
    const name = sanitizeFileName('../../etc/passwd');
    expect(name).toBe('_.._etc_passwd.bin');
    expect(name).not.toContain('/');
    expect(sanitizeFileName('..\\..\\boot.ini')).toBe('_.._boot.ini');
  });

  it('drops leading dots so nothing becomes hidden', () => {
    expect(sanitizeFileName('.placeholder', 'image/png')).toBe('placeholder.png');
    expect(sanitizeFileName('...secret.gif')).toBe('secret.gif');
  });

  it('removes bidi controls that could disguise the extension', () => {
    expect(sanitizeFileName('invoice\u202egpj.exe')).toBe('invoicegpj.exe');
    expect(sanitizeFileName('\u2066a\u2069\u200f.png')).toBe('a.png');
  });

  it('keeps Hebrew, Arabic and Cyrillic letters intact', () => {
    expect(sanitizeFileName('תחרות רכיבה.jpg')).toBe('תחרות_רכיבה.jpg');
    expect(sanitizeFileName('رقص.mp4')).toBe('رقص.mp4');
    expect(sanitizeFileName('выездка.png')).toBe('выездка.png');
  });

  it('caps the length and keeps the extension', () => {
    const name = sanitizeFileName(`${'א'.repeat(500)}.jpeg`);
    expect(Array.from(name)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(name.endsWith('.jpeg')).toBe(true);
  });
});

describe('extension helpers', () => {
  it('maps our content types to extensions and nothing else', () => {
    expect(extensionForType('image/jpeg')).toBe('jpg');
    expect(extensionForType('video/x-matroska')).toBe('mkv');
    expect(extensionForType('IMAGE/SVG+XML; charset=utf-8')).toBe('svg');
    expect(extensionForType('text/html')).toBeUndefined();
    expect(extensionForType(undefined)).toBeUndefined();
  });

  it('reads and replaces extensions', () => {
    expect(extensionOf('a.b.JPG')).toBe('jpg');
    expect(extensionOf('noext')).toBe('');
    expect(withExtension('a.b.jpg', 'png')).toBe('a.b.png');
    expect(withExtension('plain', 'png')).toBe('plain.png');
  });
});
