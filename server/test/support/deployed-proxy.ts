import fs from 'node:fs';
import path from 'node:path';
import { type RunningNginx, startNginx, tempPaths } from './nginx';

const LOCATIONS = path.join(import.meta.dirname, '../../../deploy/nginx/gallery-locations.conf');
/** The disk driver's root as the shipped configuration names it (DATA_DIR=/var/lib/gallery). */
const SHIPPED_MEDIA_ROOT = '/var/lib/gallery/media/';

/**
 * nginx with the shipped locations (deploy/nginx/gallery-locations.conf) in a plain-HTTP server on a free port, in
 * front of `appUrl`, with the internal media location pointed at `mediaRoot` (the app's DATA_DIR/media). Only the
 * media root and the upstream change, and the media cache (gallery.conf's proxy_cache_path) lives in the temp folder;
 * TLS is left out.
 */
export async function startDeployedProxy(options: {
  appUrl: string;
  mediaRoot: string;
  /** As Debian's nginx.conf has them (`auto`, 768) for a benchmark; one small worker for a test. */
  processes?: { workers?: number | 'auto'; connections?: number };
}): Promise<RunningNginx> {
  const shipped = fs.readFileSync(LOCATIONS, 'utf8');
  if (!shipped.includes(SHIPPED_MEDIA_ROOT)) throw new Error(`${LOCATIONS} no longer names ${SHIPPED_MEDIA_ROOT}`);
  return startNginx(({ dir, port }) => {
    const locations = path.join(dir, 'gallery-locations.conf');
    fs.writeFileSync(locations, shipped.replaceAll(SHIPPED_MEDIA_ROOT, `${path.resolve(options.mediaRoot)}/`));
    return `
http {
  # What Debian's /etc/nginx/nginx.conf sets around the site files.
  access_log off;
  sendfile on;
  tcp_nopush on;
  gzip on;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
${tempPaths(dir)}
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=gallery_media:10m use_temp_path=off;
  upstream gallery_app {
    server ${new URL(options.appUrl).host};
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    include ${locations};
  }
}
`;
  }, options.processes);
}
