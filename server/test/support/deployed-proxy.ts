import fs from 'node:fs';
import path from 'node:path';
import { type RunningNginx, startNginx, tempPaths } from './nginx';

const LOCATIONS = path.join(import.meta.dirname, '../../../deploy/nginx/gallery-locations.conf');
/** DATA_DIR as the shipped configuration names it: the disk driver's root and the public mirror live under it. */
const SHIPPED_DATA_DIR = '/var/lib/gallery/';

/**
 * nginx with the shipped locations (deploy/nginx/gallery-locations.conf) in a plain-HTTP server on a free port, in
 * front of `appUrl`, with the paths under DATA_DIR (the disk driver's media/ and the public mirror's public/) pointed
 * at the app's `dataDir`. Only those paths and the upstream change; TLS is left out.
 */
export async function startDeployedProxy(options: {
  appUrl: string;
  /** The app's DATA_DIR. */
  dataDir: string;
  /** As Debian's nginx.conf has them (`auto`, 768) for a benchmark; one small worker for a test. */
  processes?: { workers?: number | 'auto'; connections?: number };
}): Promise<RunningNginx> {
  const shipped = fs.readFileSync(LOCATIONS, 'utf8');
  for (const dir of ['media/', 'public']) {
    if (!shipped.includes(SHIPPED_DATA_DIR + dir))
      throw new Error(`${LOCATIONS} no longer names ${SHIPPED_DATA_DIR}${dir}`);
  }
  return startNginx(({ dir, port }) => {
    const locations = path.join(dir, 'gallery-locations.conf');
    fs.writeFileSync(locations, shipped.replaceAll(SHIPPED_DATA_DIR, `${path.resolve(options.dataDir)}/`));
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
