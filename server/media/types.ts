/** One file the pipeline made from an original, stored under `_derived/<media id>/<file>`. */
export interface Derivative {
  /** Content-addressed file name, e.g. `960w-3f2a1b9c0d4e5f60.webp`; the URL's last segment. */
  file: string;
  /**
   * `image`: a picture (or a video's poster) at one width; `video`: a browser-playable copy of a video;
   * `preview`: the short silent clip a gallery tile loops.
   */
  role: 'image' | 'video' | 'preview';
  format: 'avif' | 'webp' | 'jpeg' | 'png' | 'mp4';
  contentType: string;
  width: number;
  height: number;
  size: number;
}

/** The storage prefix of everything the pipeline makes. Never listed as media. */
export const DERIVED_PREFIX = '_derived/';

/** The storage key of one derivative. */
export function derivativeKey(mediaId: string, file: string): string {
  return `${DERIVED_PREFIX}${mediaId}/${file}`;
}
