/**
 * File names and media types, shared by the upload form (to show the name the server will keep) and the server
 * (which applies the same rule and trusts only its own result).
 */

/** The image and video extensions the site accepts, with the content type each stands for. */
export const MEDIA_EXTENSIONS = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  webm: 'video/webm',
} as const;

export type MediaExtension = keyof typeof MEDIA_EXTENSIONS;

/** The most common extension for a content type, or undefined for types outside the accepted list. */
const EXTENSION_FOR_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-msvideo': 'avi',
  'video/vnd.avi': 'avi',
  'video/x-matroska': 'mkv',
  'video/matroska': 'mkv',
  'video/webm': 'webm',
};

/** The usual extension for a content type (`image/jpeg` → `jpg`), or undefined when the type is not one of ours. */
export function extensionForType(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  return EXTENSION_FOR_TYPE[contentType.toLowerCase().split(';')[0]?.trim() ?? ''];
}

/** Longest name we keep, in characters (well under the 255-byte limit of common file systems for UTF-8 text). */
export const MAX_FILE_NAME_LENGTH = 120;

// Path separators, the characters file systems reserve, and any whitespace become '_'.
const FORBIDDEN = /[/\\:*?"<>|\s]/gu;
// C0/C1 control characters, removed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/gu;
// Bidi embeddings, overrides, isolates and marks: they can make "photo‮gpj.exe" read as "photoexe.jpg".
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const VALID_EXTENSION = /^[A-Za-z0-9]{2,5}$/;

/**
 * The file-name rule of uploads: `/ \ : * ? " < > |` and whitespace become `_`; control characters are removed; an
 * empty name becomes `file`; the extension is kept when it is 2 to 5 ASCII letters or digits, otherwise it comes from
 * the content type, with `bin` as the fallback. The original site stopped there; here, bidi control characters are
 * removed too, leading dots are dropped (no hidden files, no `..`), the text is NFC-normalised, and the length is
 * capped while keeping the extension. Letters of every script (Hebrew, Arabic, Cyrillic, …) are kept as they are.
 */
export function sanitizeFileName(name: string, contentType?: string): string {
  const cleaned = name.normalize('NFC').replace(FORBIDDEN, '_').replace(CONTROL, '').replace(BIDI, '');
  const dot = cleaned.lastIndexOf('.');
  const declared = dot > 0 ? cleaned.slice(dot + 1) : '';
  const keepDeclared = VALID_EXTENSION.test(declared);
  const extension = keepDeclared ? declared : (extensionForType(contentType) ?? 'bin');
  let stem = keepDeclared ? cleaned.slice(0, dot) : cleaned;
  stem = stem.replace(/^\.+/, '').replace(/\.+$/, '');
  if (stem === '') stem = 'file';
  const room = MAX_FILE_NAME_LENGTH - extension.length - 1;
  const codePoints = Array.from(stem);
  if (codePoints.length > room) stem = codePoints.slice(0, room).join('');
  return `${stem}.${extension}`;
}

/** The extension of a file name, lower-cased, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** A name without its extension (`IMG_1234.CR2` → `IMG_1234`; a name without one, or a dot-file, stays whole). */
export function fileStem(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Replaces a name's extension, keeping the stem. */
export function withExtension(name: string, extension: string): string {
  return `${fileStem(name)}.${extension}`;
}
