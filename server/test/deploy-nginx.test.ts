import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from './harness';
import { findNginx } from './support/nginx';

const DEPLOY = path.join(import.meta.dirname, '../../deploy/nginx');

/**
 * The whole shipped site file (HTTPS, certbot's webroot, the upstream) is one nginx accepts, with only its
 * certificate and snippet paths pointed into a temp folder. The locations themselves are run
 * through a live nginx by server/routes/media/range-matrix.test.ts and accel.test.ts.
 */
describe('deploy/nginx/gallery.conf', () => {
  it('passes nginx -t', () => {
    const nginx = findNginx();
    if (!nginx) throw new Error('nginx is not installed');
    const temp = makeTempDir('gallery-nginx-site-');
    try {
      const dir = temp.dir;
      execFileSync('openssl', [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=photos.example.com'],
        ...['-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`],
      ]);
      fs.copyFileSync(path.join(DEPLOY, 'gallery-locations.conf'), `${dir}/locations.conf`);
      const site = fs
        .readFileSync(path.join(DEPLOY, 'gallery.conf'), 'utf8')
        .replace('/etc/letsencrypt/live/photos.example.com/fullchain.pem', `${dir}/cert.pem`)
        .replace('/etc/letsencrypt/live/photos.example.com/privkey.pem', `${dir}/key.pem`)
        .replace('/etc/nginx/snippets/gallery-locations.conf', `${dir}/locations.conf`);
      fs.writeFileSync(`${dir}/site.conf`, site);
      fs.writeFileSync(
        `${dir}/nginx.conf`,
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  include ${dir}/site.conf;\n}\n`,
      );
      const check = spawnSync(nginx, ['-t', '-p', dir, '-c', `${dir}/nginx.conf`], { encoding: 'utf8' });
      expect(check.stderr).toContain('test is successful');
      expect(check.status).toBe(0);
    } finally {
      temp.remove();
    }
  });
});
