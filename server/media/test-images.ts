import sharp from 'sharp';

/** Writes a small JPEG (a warm gradient) of the given size. */
export async function writeTestJpeg(file: string, width = 800, height = 600): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#8c3b22"/><stop offset="1" stop-color="#f6d29a"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
  return file;
}

/**
 * Writes a photo-like JPEG (smooth colour fields plus sensor-like noise, so encoders work as hard as on a real
 * photograph) for benchmarks: 6000×4000 is a 24-megapixel camera frame.
 */
export async function writePhotoLikeJpeg(file: string, width = 6000, height = 4000, seed = 1): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width / 20}" height="${height / 20}">
    <defs><radialGradient id="g" cx="${0.3 + (seed % 5) * 0.1}" cy="0.4" r="0.8">
      <stop offset="0" stop-color="#f6d29a"/><stop offset="0.5" stop-color="#c8553d"/><stop offset="1" stop-color="#1b1526"/>
    </radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  const base = await sharp(Buffer.from(svg)).resize(width, height).raw().toBuffer();
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } },
  })
    .raw()
    .toBuffer();
  await sharp(base, { raw: { width, height, channels: 3 } })
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toFile(file);
  return file;
}

/** Writes a small logo-like PNG (a gold disc on a transparent ground) of the given size. */
export async function writeTestPng(file: string, width = 240, height = 120): Promise<string> {
  const radius = Math.min(width, height) / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <circle cx="${width / 2}" cy="${height / 2}" r="${radius}" fill="#d4a017"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

/** A small JPEG whose EXIF says which camera took it and when, by the camera's own clock (`2026-05-14T09:31:10`). */
export async function jpegTakenAt(localTime: string, camera: { Make: string; Model: string }): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: '#6b4f3a' } })
    .withExif({ IFD0: camera, IFD2: { DateTimeOriginal: localTime.replace(/-/g, ':').replace('T', ' ') } })
    .jpeg()
    .toBuffer();
}
