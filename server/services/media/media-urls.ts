import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Longest life of a signed media URL. */
export const SIGNED_URL_MAX_SECONDS = 3600;
/** Signed URLs are cut on this grid so one item keeps the same URL for a while (browser and CDN caches hit). */
const SIGNING_WINDOW_SECONDS = 1800;

/** What a signature grants: every file of the item, or only its watermarked proofs. */
export type SignedGrant = 'full' | 'proof';

export interface UrlOptions {
  signed: boolean;
  /** Sign for the item's proofs only: the URL opens no clean file, whatever file name is put in it. */
  proofOnly?: boolean;
}

export interface MediaUrls {
  /** `/media/<id>/<file>` (file is a derivative's name or `original`), signed when `signed` is true. */
  url(mediaId: string, file: string, options: UrlOptions): string;
  /** `url` for many files of one item: the signature (one HMAC) is computed once. */
  linker(mediaId: string, options: UrlOptions): (file: string) => string;
  /** What `exp` and `sig` from a query string grant for `mediaId` now; null for nothing. */
  verify(mediaId: string, exp: unknown, sig: unknown, now?: Date): SignedGrant | null;
}

/**
 * The key that signs private media URLs: derived from AUTH_SECRET when set, else a random key created once in
 * DATA_DIR/secrets (so URLs survive restarts without any configuration).
 */
export function loadMediaUrlKey(authSecret: string | undefined, dataDir: string): Buffer {
  if (authSecret) return createHmac('sha256', authSecret).update('media-url-signing-v1').digest();
  const file = path.join(dataDir, 'secrets', 'media-url.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const key = randomBytes(32);
    try {
      fs.writeFileSync(file, key.toString('base64url'), { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      // Another process created it first: use theirs.
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
    }
  }
}

/**
 * Media URLs. Private items get `?exp=&sig=`: an HMAC of the id and expiry, valid at most an hour, so `<img>` and
 * `<video>` (which send no custom headers) work and the URL itself is the permission. One signature covers all of
 * an item's files.
 */
export function createMediaUrls(key: Buffer): MediaUrls {
  const sign = (mediaId: string, exp: number, grant: SignedGrant) =>
    createHmac('sha256', key)
      .update(grant === 'full' ? `${mediaId}.${exp}` : `${mediaId}.${exp}.proof`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  const linker = (mediaId: string, { signed, proofOnly = false }: UrlOptions) => {
    if (!signed) return (file: string) => `/media/${mediaId}/${file}`;
    const now = Math.floor(Date.now() / 1000);
    const exp = Math.floor(now / SIGNING_WINDOW_SECONDS) * SIGNING_WINDOW_SECONDS + SIGNED_URL_MAX_SECONDS;
    const query = `?exp=${exp}&sig=${sign(mediaId, exp, proofOnly ? 'proof' : 'full')}`;
    return (file: string) => `/media/${mediaId}/${file}${query}`;
  };
  const matches = (given: Buffer, expected: string) => {
    const wanted = Buffer.from(expected);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  };

  return {
    url: (mediaId, file, options) => linker(mediaId, options)(file),
    linker,
    verify(mediaId, exp, sig, now = new Date()) {
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return null;
      const expiry = Number(exp);
      const seconds = now.getTime() / 1000;
      if (expiry <= seconds || expiry > seconds + SIGNED_URL_MAX_SECONDS) return null;
      const given = Buffer.from(sig);
      if (matches(given, sign(mediaId, expiry, 'full'))) return 'full';
      if (matches(given, sign(mediaId, expiry, 'proof'))) return 'proof';
      return null;
    },
  };
}
