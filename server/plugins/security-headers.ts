import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../env';

/**
 * Security headers for every response. The CSP allows no inline script; the only frames the site may embed are its
 * own downloads (with S3 storage also where a download redirects: the bucket's presigned URL) and the booking form's
 * origin; nobody may frame the site.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const bookingOrigin = config.bookingFormUrl ? new URL(config.bookingFormUrl).origin : null;
  const s3Origin =
    config.storage.kind === 's3' && config.storage.endpoint ? new URL(config.storage.endpoint).origin : null;
  const mediaSources = ["'self'", 'data:', 'blob:', ...(s3Origin ? [s3Origin] : [])];
  await app.register(helmet, {
    global: true,
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
}
