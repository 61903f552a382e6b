import fsp from 'node:fs/promises';
import type decodeHeic from 'heic-decode';
import { requireOnUse } from '../require-on-use';
import { checkImageHeader, type ImageInput } from './image-pipeline';
import { MediaError } from './media-error';

/**
 * sharp's prebuilt libvips reads HEIF headers but cannot decode HEVC pixels, so HEIC/HEIF goes through libheif
 * (WebAssembly, via heic-decode) into raw RGBA, which then feeds the same derivative pipeline as every other image.
 * The size is checked from the header first, so a huge image is refused before any decoding.
 */
export async function decodeHeif(localPath: string): Promise<Extract<ImageInput, { kind: 'raw' }>> {
  await checkImageHeader({ kind: 'file', path: localPath });
  const buffer = await fsp.readFile(localPath);
  let image: Awaited<ReturnType<typeof decodeHeic>>;
  try {
    // Its WebAssembly heap (~20 MB) is taken only by an instance that meets a HEIC.
    image = await requireOnUse<typeof decodeHeic>('heic-decode')({ buffer });
  } catch {
    throw new MediaError('corrupt-file');
  }
  const data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return { kind: 'raw', data, width: image.width, height: image.height, channels: 4 };
}
