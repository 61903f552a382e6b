import type { Config } from '../env';
import { assertValidKey } from './keys';

/**
 * The proxy's internal location that maps onto the disk driver's root (DATA_DIR/media/). It must match the
 * `internal` location in deploy/nginx/gallery-locations.conf; a browser asking for it directly gets 404 there.
 */
export const ACCEL_LOCATION = '/_stored-media/';

/**
 * The X-Accel-Redirect target of a stored key. nginx percent-decodes the value and refuses `..` segments; each
 * segment is encoded so that Hebrew names, spaces, `?`, `#` and `%` reach the file system unchanged.
 */
export function accelRedirectPath(key: string): string {
  assertValidKey(key);
  return ACCEL_LOCATION + key.split('/').map(encodeURIComponent).join('/');
}

/** Where the proxy finds the files: the disk driver's root. */
export interface ProxySend {
  root: string;
}

/** Set when the proxy sends the bytes: MEDIA_ACCEL=nginx with the disk driver (S3 objects are not on its disk). */
export function proxySendOf(config: Pick<Config, 'mediaAccel' | 'storage'>): ProxySend | undefined {
  return config.mediaAccel === 'nginx' && config.storage.kind === 'disk' ? { root: config.storage.root } : undefined;
}

/**
 * How long the proxy's cache may keep a public answer (X-Accel-Expires, which nginx prefers over Cache-Control and
 * never passes on): a photo taken out of the public gallery or deleted leaves the proxy's cache within this time,
 * whatever lifetime Cache-Control gives browsers.
 */
export const PROXY_CACHE_SECONDS = 600;

/** The header that bounds the proxy's keeping of a public answer; none for a private one (the proxy never keeps it). */
export function proxyCacheHeaders(
  config: Pick<Config, 'mediaAccel'>,
  scope: 'public' | 'private',
): Record<string, string> {
  return config.mediaAccel === 'nginx' && scope === 'public' ? { 'x-accel-expires': String(PROXY_CACHE_SECONDS) } : {};
}
