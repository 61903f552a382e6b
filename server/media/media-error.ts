/** Why a file was refused or could not be processed. Stable codes, stored on failed media rows and sent to uploaders. */
export type MediaErrorCode =
  | 'empty-file'
  | 'unsupported-type'
  | 'too-many-pixels'
  | 'corrupt-file'
  | 'unsafe-svg'
  | 'video-unreadable';

const MESSAGES: Record<MediaErrorCode, string> = {
  'empty-file': 'The file is empty.',
  'unsupported-type':
    'This file is not an image or video the site accepts (PNG, JPEG, GIF, WebP, HEIC, HEIF, AVIF, SVG, MP4, MOV, AVI, MKV, WebM).',
  'too-many-pixels': 'The image is too large: at most 150 megapixels are accepted.',
  'corrupt-file': 'The file is damaged or incomplete and cannot be read.',
  'unsafe-svg': 'This SVG uses features that are not allowed (entity declarations).',
  'video-unreadable': 'The video cannot be read.',
};

/**
 * A file the pipeline will never accept, whatever the retry: the job that meets one marks the item failed at once
 * instead of trying again.
 */
export class MediaError extends Error {
  constructor(
    readonly code: MediaErrorCode,
    message = MESSAGES[code],
  ) {
    super(message);
    this.name = 'MediaError';
  }
}
