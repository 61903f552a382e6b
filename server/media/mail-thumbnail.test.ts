import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAIL_THUMBNAIL_PIXELS, mailThumbnail, mailThumbnailSource } from './mail-thumbnail';
import type { Derivative } from './types';

const picture = (role: Derivative['role'], format: Derivative['format'], width: number): Derivative => ({
  file: `${role}-${width}.${format}`,
  role,
  format,
  contentType: `image/${format}`,
  width,
  height: Math.round(width * 0.66),
  size: 1,
});

describe('e-mail thumbnails', () => {
  const derivatives = [
    picture('image', 'avif', 480),
    picture('image', 'webp', 480),
    picture('image', 'jpeg', 960),
    picture('image', 'jpeg', 480),
    picture('proof', 'webp', 960),
    picture('proof', 'webp', 480),
    picture('video', 'mp4', 960),
  ];

  it('takes the narrowest readable clean picture wide enough, JPEG first', () => {
    expect(mailThumbnailSource(derivatives, false)?.file).toBe('image-480.jpeg');
  });

  it('takes only a watermarked proof for a client of a proofing gallery, and nothing while none exists', () => {
    expect(mailThumbnailSource(derivatives, true)?.file).toBe('proof-480.webp');
    expect(
      mailThumbnailSource(
        derivatives.filter((item) => item.role !== 'proof'),
        true,
      ),
    ).toBeUndefined();
  });

  it('makes a square JPEG of the centre, whatever the shape', async () => {
    const wide = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#8a5a1c' } })
      .webp()
      .toBuffer();
    const meta = await sharp(await mailThumbnail(wide)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: MAIL_THUMBNAIL_PIXELS, height: MAIL_THUMBNAIL_PIXELS });
  });
});
