import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

/** How the pipeline treats a file: decoded by sharp, by the HEIF decoder, rasterized as SVG, or probed as video. */
export type MediaFamily = 'raster' | 'heif' | 'svg' | 'video';

export interface SniffedType {
  /** The content type we serve the original with; chosen from the content, never from the name. */
  contentType: string;
  /** The canonical extension for this content. */
  extension: string;
  /** Extensions a name may carry for this content without being corrected (jpg and jpeg, …). */
  aliases: readonly string[];
  family: MediaFamily;
  isVideo: boolean;
}

const type = (contentType: string, extension: string, family: MediaFamily, aliases: string[] = [extension]) => ({
  contentType,
  extension,
  aliases,
  family,
  isVideo: family === 'video',
});

/** file-type's answer → ours. Only the image and video types the site accepts are here; all else is refused. */
const ACCEPTED: Record<string, SniffedType> = {
  'image/png': type('image/png', 'png', 'raster'),
  'image/apng': type('image/png', 'png', 'raster'),
  'image/jpeg': type('image/jpeg', 'jpg', 'raster', ['jpg', 'jpeg']),
  'image/gif': type('image/gif', 'gif', 'raster'),
  'image/webp': type('image/webp', 'webp', 'raster'),
  'image/avif': type('image/avif', 'avif', 'raster'),
  'image/heic': type('image/heic', 'heic', 'heif', ['heic', 'heif']),
  'image/heic-sequence': type('image/heic', 'heic', 'heif', ['heic', 'heif']),
  'image/heif': type('image/heif', 'heif', 'heif', ['heif', 'heic']),
  'image/heif-sequence': type('image/heif', 'heif', 'heif', ['heif', 'heic']),
  'video/mp4': type('video/mp4', 'mp4', 'video', ['mp4', 'm4v']),
  'video/x-m4v': type('video/mp4', 'mp4', 'video', ['mp4', 'm4v']),
  'video/quicktime': type('video/quicktime', 'mov', 'video', ['mov', 'qt']),
  'video/vnd.avi': type('video/x-msvideo', 'avi', 'video'),
  'video/matroska': type('video/x-matroska', 'mkv', 'video'),
  'video/webm': type('video/webm', 'webm', 'video'),
};

const SVG: SniffedType = type('image/svg+xml', 'svg', 'svg');

/** How much of a text file we read to find an `<svg>` root. */
const SVG_SNIFF_BYTES = 64 * 1024;

/**
 * What a file really is, from its bytes: one of the image and video types the site accepts, or null. The name and the
 * declared type play no part, so an HTML page named `photo.jpg` is null. SVG is text, so it is recognised by its root element
 * after an optional XML declaration, comments and doctype.
 */
export async function sniffMediaType(localPath: string): Promise<SniffedType | null> {
  const detected = await fileTypeFromFile(localPath);
  // file-type calls any file that starts with an XML declaration XML; SVG is decided by its root element below.
  if (detected && detected.mime !== 'application/xml') return ACCEPTED[detected.mime] ?? null;
  return (await looksLikeSvg(localPath)) ? SVG : null;
}

async function looksLikeSvg(localPath: string): Promise<boolean> {
  const handle = await fsp.open(localPath, 'r');
  try {
    const buffer = Buffer.alloc(SVG_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SVG_SNIFF_BYTES, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    return isSvgText(text);
  } finally {
    await handle.close();
  }
}

/** True when the text is XML whose root element is `<svg`. Exported for tests. */
export function isSvgText(text: string): boolean {
  let rest = text.replace(/^\uFEFF/, '').trimStart();
  rest = rest.replace(/^<\?xml[^>]*\?>/i, '').trimStart();
  for (;;) {
    const before = rest;
    rest = rest.replace(/^<!--[\s\S]*?-->/, '').trimStart();
    rest = rest.replace(/^<!DOCTYPE\s+svg[^>[]*(\[[\s\S]*?\])?\s*>/i, '').trimStart();
    if (rest === before) break;
  }
  return /^<svg[\s>]/i.test(rest) || /^<[a-z][\w.-]*:svg[\s>]/i.test(rest);
}
