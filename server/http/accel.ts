import type { Config } from '../env';
import { assertValidKey } from '../storage/keys';

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
