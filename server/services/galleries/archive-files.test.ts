import { describe, expect, it } from 'vitest';
import { WEB_SIZE_PIXELS } from '../../../shared/archive-paths';
import type { Derivative } from '../../media/types';
import { VARIANT_WIDTHS } from '../../media/variants';
import type { MediaRecord } from '../../repositories/media-record';
import { archiveFiles, webSizeRendition } from './archive-files';

const picture = (width: number, format: Derivative['format'], role: Derivative['role'] = 'image'): Derivative => ({
  file: `${role === 'image' ? '' : `${role}-`}${width}w-0123456789abcdef.${format === 'jpeg' ? 'jpg' : format}`,
  role,
  format,
  contentType: `image/${format}`,
  width,
  height: Math.round((width * 2) / 3),
  size: width * 10,
});

function record(overrides: Partial<MediaRecord>): MediaRecord {
  const fullPath = overrides.fullPath ?? 'dana/IMG_1234.CR2';
  return {
    id: 'm1',
    folder: 'dana',
    name: 'IMG_1234.CR2',
    fullPath,
    // Where the original's bytes are: the name path, until an edited version replaces them.
    originalKey: fullPath,
    editedAt: null,
    size: 25_000_000,
    crc32: 1234,
    isVideo: false,
    derivatives: [],
    timeCreated: '2026-11-24T08:00:00.000Z',
    ...overrides,
  } as MediaRecord;
}

/** Every rendition a 6000 px photo gets: each width in AVIF (up to 1600), WebP and JPEG, and its proofs. */
const camera = VARIANT_WIDTHS.flatMap((width) => [
  ...(width <= 1600 ? [picture(width, 'avif')] : []),
  picture(width, 'webp'),
  picture(width, 'jpeg'),
]).concat([picture(1600, 'webp', 'proof')]);

describe('the web-size rendition of an item', () => {
  it('is a rendition the pipeline already makes', () => {
    expect(VARIANT_WIDTHS).toContain(WEB_SIZE_PIXELS);
  });

  it('is the 2400 px JPEG of a large photo, never a proof', () => {
    expect(webSizeRendition(record({ derivatives: camera }))).toMatchObject({ width: 2400, format: 'jpeg' });
  });

  it('is the widest PNG of a picture with transparency, and the own width of a small one', () => {
    const small = [picture(480, 'webp'), picture(480, 'png'), picture(1000, 'webp'), picture(1000, 'png')];
    expect(webSizeRendition(record({ derivatives: small }))).toMatchObject({ width: 1000, format: 'png' });
  });

  it('is a video’s playable MP4 copy when one was made, else none (the original goes in)', () => {
    const playable = { ...picture(1920, 'mp4', 'video'), contentType: 'video/mp4' };
    const poster = picture(1920, 'jpeg');
    expect(webSizeRendition(record({ isVideo: true, derivatives: [poster, playable] }))).toBe(playable);
    expect(webSizeRendition(record({ isVideo: true, derivatives: [poster] }))).toBeUndefined();
  });
});

describe('the files of a Download All', () => {
  it('holds an edited item’s present original, dated when the edit replaced it', () => {
    const edited = record({ originalKey: '_originals/m1/edit-1.cr2', editedAt: '2026-11-26T09:30:00.000Z' });
    expect(archiveFiles([edited], 'full')).toEqual([
      expect.objectContaining({
        name: 'IMG_1234.CR2',
        key: '_originals/m1/edit-1.cr2',
        modified: new Date('2026-11-26T09:30:00.000Z'),
      }),
    ]);
  });

  it('holds the originals at full size, with their recorded CRC', () => {
    expect(archiveFiles([record({ derivatives: camera })], 'full')).toEqual([
      {
        name: 'IMG_1234.CR2',
        key: 'dana/IMG_1234.CR2',
        size: 25_000_000,
        crc32: 1234,
        modified: new Date('2026-11-24T08:00:00.000Z'),
      },
    ]);
  });

  it('names each web-size file after its original, with the rendition’s extension, each name once', () => {
    const files = archiveFiles(
      [
        record({ derivatives: camera }),
        record({ id: 'm2', name: 'IMG_1234.jpg', fullPath: 'dana/IMG_1234.jpg', derivatives: camera }),
        record({ id: 'm3', name: 'clip.mov', fullPath: 'dana/clip.mov', isVideo: true, size: 9 }),
      ],
      'web',
    );
    expect(files.map(({ name, key, size }) => ({ name, key, size }))).toEqual([
      { name: 'IMG_1234.jpg', key: '_derived/m1/2400w-0123456789abcdef.jpg', size: 24_000 },
      { name: 'IMG_1234 (2).jpg', key: '_derived/m2/2400w-0123456789abcdef.jpg', size: 24_000 },
      { name: 'clip.mov', key: 'dana/clip.mov', size: 9 },
    ]);
  });
});
