import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The files of the web build: hashed assets under /assets as immutable, anything else (the service worker, icons)
 * revalidated each time. Nothing is served when the app is not built.
 */
export async function registerStaticFiles(app: FastifyInstance, root: string): Promise<void> {
  if (!fs.existsSync(root)) return;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    wildcard: true,
    // The page template is sent rendered, and the server renderer is the server's code, not the browser's.
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/server/'),
    setHeaders(res, filePath) {
      const relative = path.relative(root, filePath);
      res.header(
        'cache-control',
        relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
