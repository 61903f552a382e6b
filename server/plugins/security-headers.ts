import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../env';

/**
 * Security headers for every response. The CSP allows no inline script; the only frames the site may embed are its
 * own downloads (with S3 storage also where a download redirects: the bucket's presigned URL) and the booking form's
 * origin; nobody may frame the site.
 *
 * Helmet's middleware is built once, here, and applied by one synchronous hook. (The Fastify plugin built a new one
 * for every request, parsing every option and the whole policy again, and ran two async hooks to do it: a large part
 * of what a kept public answer cost.) Set on the raw response, as that plugin did, so answers a route writes itself
 * (uploads, streamed files) carry them too; a route may still replace one (the media routes' own CSP).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const bookingOrigin = config.bookingFormUrl ? new URL(config.bookingFormUrl).origin : null;
  const s3Origin =
    config.storage.kind === 's3' && config.storage.endpoint ? new URL(config.storage.endpoint).origin : null;
  const mediaSources = ["'self'", 'data:', 'blob:', ...(s3Origin ? [s3Origin] : [])];
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Style attributes only (no <style> elements): the server-rendered pages carry each picture's aspect ratio
        // and blurred placeholder in its `style`, which the browser applies only under this rule.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: mediaSources,
        mediaSrc: mediaSources,
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(s3Origin ? [s3Origin] : [])],
        // 'self' lets the private gallery download a video through a hidden iframe (an attachment, never shown); with
        // S3 the download answers 302 to the bucket, and a frame's redirect is checked against this list too.
        frameSrc: ["'self'", ...(s3Origin ? [s3Origin] : []), ...(bookingOrigin ? [bookingOrigin] : [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
    // The same rule as frame-ancestors 'none', for browsers that only read the older header.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Cross-origin isolation would block the booking form's iframe and presigned media; not needed here.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https:')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  // Helmet's middleware sets its headers synchronously and throws on an error of its own (never calls back with one).
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, () => done());
  });
}
