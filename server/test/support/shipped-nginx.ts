import fs from 'node:fs';
import path from 'node:path';

const DEPLOY = path.join(import.meta.dirname, '../../../deploy/nginx');
/** DATA_DIR as the shipped configuration names it: the disk driver's root and the public mirror live under it. */
const SHIPPED_DATA_DIR = '/var/lib/gallery/';

/**
 * The shipped locations (deploy/nginx/gallery-locations.conf) written into `dir`, with the paths under DATA_DIR (the
 * disk driver's media/ and the public mirror's public/) pointed at `dataDir`; returns the file to include.
 */
export function shippedLocations(dir: string, dataDir: string): string {
  const file = path.join(DEPLOY, 'gallery-locations.conf');
  const shipped = fs.readFileSync(file, 'utf8');
  for (const sub of ['media/', 'public']) {
    if (!shipped.includes(SHIPPED_DATA_DIR + sub)) throw new Error(`${file} no longer names ${SHIPPED_DATA_DIR}${sub}`);
  }
  const written = path.join(dir, 'gallery-locations.conf');
  fs.writeFileSync(written, shipped.replaceAll(SHIPPED_DATA_DIR, `${path.resolve(dataDir)}/`));
  return written;
}

/**
 * The shipped `upstream gallery_app` block (deploy/nginx/gallery.conf) with `hosts` (host:port) as its servers:
 * each gets the parameters of the shipped server line (its passive health settings), and the block's other
 * directives (keepalive) come along, so a test runs what is shipped rather than a copy that may drift.
 */
export function shippedUpstream(hosts: string[]): string {
  const file = path.join(DEPLOY, 'gallery.conf');
  const block = /^upstream gallery_app \{\n([\s\S]*?)^\}/m.exec(fs.readFileSync(file, 'utf8'))?.[1];
  if (!block) throw new Error(`${file} has no upstream gallery_app block`);
  const lines = block
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const server = lines.find((line) => line.startsWith('server '));
  if (!server) throw new Error(`${file}: the upstream names no server`);
  // `server <address> <parameters>;`
  const parameters = server.replace(/;$/, '').split(/\s+/).slice(2).join(' ');
  const servers = hosts.map((host) => `server ${host}${parameters ? ` ${parameters}` : ''};`);
  const others = lines.filter((line) => !line.startsWith('server '));
  return `upstream gallery_app {\n${[...servers, ...others].map((line) => `    ${line}`).join('\n')}\n  }`;
}
