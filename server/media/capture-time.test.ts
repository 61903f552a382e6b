import { execFileSync } from 'node:child_process';
import path from 'node:path';
import sharp, { type Exif } from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/harness';
import { parseOffset, readCaptureInfo } from './capture-time';

const temp = makeTempDir('capture-time-');
afterAll(() => temp.remove());

async function photoWith(name: string, exif: Exif | null): Promise<string> {
  const file = path.join(temp.dir, name);
  let image = sharp({ create: { width: 64, height: 48, channels: 3, background: '#888888' } });
  if (exif) image = image.withExif(exif);
  await image.jpeg().toFile(file);
  return file;
}

describe('when and with what a file was taken', () => {
  it('reads DateTimeOriginal with its offset as a moment, and names the camera with its serial number', async () => {
    const file = await photoWith('offset.jpg', {
      IFD0: { Make: 'Canon', Model: 'EOS R6' },
      IFD2: { DateTimeOriginal: '2026:05:14 09:31:12', OffsetTimeOriginal: '+03:00', BodySerialNumber: '0123' },
    });
    expect(await readCaptureInfo(file)).toEqual({
      at: new Date('2026-05-14T06:31:12Z'),
      localTime: null,
      camera: 'Canon EOS R6 0123',
    });
  });

  it('keeps the camera’s wall clock when the file gives no offset', async () => {
    const file = await photoWith('local.jpg', {
      IFD0: { Make: 'Nikon', Model: 'Z9' },
      IFD2: { DateTimeOriginal: '2026:05:14 09:31:12' },
    });
    expect(await readCaptureInfo(file)).toEqual({ at: null, localTime: '2026-05-14T09:31:12', camera: 'Nikon Z9' });
  });

  it('knows nothing of a photo without EXIF', async () => {
    expect(await readCaptureInfo(await photoWith('bare.jpg', null))).toEqual({
      at: null,
      localTime: null,
      camera: null,
    });
  });

  it('reads a video’s creation time (UTC)', async () => {
    const file = path.join(temp.dir, 'clip.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'color=c=gray:s=64x48:d=0.2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
      ...['-metadata', 'creation_time=2026-05-14T06:40:00.000000Z', file],
    ]);
    expect((await readCaptureInfo(file)).at).toEqual(new Date('2026-05-14T06:40:00Z'));
  });

  it.each([
    ['+03:00', 180],
    ['-04:30', -270],
    ['+00:00', 0],
    ['03:00', null],
    [undefined, null],
  ])('reads the offset %s as %s minutes', (value, minutes) => {
    expect(parseOffset(value)).toBe(minutes);
  });
});
