/** One file the pipeline made from an original, stored under `_derived/<media id>/<file>`. */
export interface Derivative {
  /** Content-addressed file name, e.g. `960w-3f2a1b9c0d4e5f60.webp`; the URL's last segment. */
  file: string;
  /**
   * `image`: a picture (or a video's poster) at one width; `video`: a browser-playable copy of a video;
   * `preview`: the short silent clip a gallery tile loops; `proof` and `proof-preview`: the watermarked picture and
   * clip a client of a proofing gallery sees instead (never wider than 1600 px).
   */
  role: 'image' | 'video' | 'preview' | 'proof' | 'proof-preview';
  format: 'avif' | 'webp' | 'jpeg' | 'png' | 'mp4';
  contentType: string;
  width: number;
  height: number;
  size: number;
  /** For proofs: the watermark version they carry (proofs of an older version are made again). */
  watermark?: string;
}

/** Whether a derivative is a watermarked proof: the only files a client of a proofing gallery may receive. */
export function isProof(derivative: Derivative): boolean {
  return derivative.role === 'proof' || derivative.role === 'proof-preview';
}

/** The storage prefix of everything the pipeline makes. Never listed as media. */
export const DERIVED_PREFIX = '_derived/';

/** The storage key of one derivative. */
export function derivativeKey(mediaId: string, file: string): string {
  return `${DERIVED_PREFIX}${mediaId}/${file}`;
}
