import { type RunningNginx, startNginx, tempPaths } from './nginx';
import { shippedLocations, shippedUpstream } from './shipped-nginx';

/**
 * nginx with the shipped locations (deploy/nginx/gallery-locations.conf) in a plain-HTTP server on a free port, in
 * front of `appUrl`, with the paths under DATA_DIR (the disk driver's media/ and the public mirror's public/) pointed
 * at the app's `dataDir`. Only those paths and the upstream's address change; TLS is left out.
 */
export async function startDeployedProxy(options: {
  appUrl: string;
  /** The app's DATA_DIR. */
  dataDir: string;
  /** As Debian's nginx.conf has them (`auto`, 768) for a benchmark; one small worker for a test. */
  processes?: { workers?: number | 'auto'; connections?: number };
}): Promise<RunningNginx> {
  return startNginx(
    ({ dir, port }) => `
http {
  # What Debian's /etc/nginx/nginx.conf sets around the site files.
  access_log off;
  sendfile on;
  tcp_nopush on;
  gzip on;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
${tempPaths(dir)}
  ${shippedUpstream([new URL(options.appUrl).host])}
  server {
    listen 127.0.0.1:${port};
    include ${shippedLocations(dir, options.dataDir)};
  }
}
`,
    options.processes,
  );
}
