import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { watermarkRequestSchema, watermarkSettingsSchema } from '../../../shared/schemas/proofing';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { LOGO_LIMITS } from '../../media/watermark';

const settingsResponse = { response: { 200: watermarkSettingsSchema } };

/**
 * The watermark of proofing galleries (registered inside adminRoutes, so every route is admin-only and never cached):
 * its text and layout, and the photographer's PNG logo, sent as the request body itself.
 */
export const watermarkRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { proofs } = ctx;

  // Scoped to this plugin: nowhere else does the server read a raw image/png body, and only up to the logo's limit.
  app.addContentTypeParser('image/png', { parseAs: 'buffer', bodyLimit: LOGO_LIMITS.bytes }, (_request, body, done) =>
    done(null, body),
  );

  app.get('/api/admin/watermark', { schema: settingsResponse }, () => proofs.settings());

  app.put('/api/admin/watermark', { schema: { body: watermarkRequestSchema, ...settingsResponse } }, (request) =>
    proofs.updateWatermark(request.body),
  );

  app.put('/api/admin/watermark/logo', { schema: settingsResponse }, (request) => {
    // Any other body type reaches here parsed (JSON) or not at all.
    if (!Buffer.isBuffer(request.body)) {
      throw new AppError('unsupported-media-type', 'Send the logo as the request body, with the type image/png.');
    }
    return proofs.setLogo(request.body);
  });

  app.delete('/api/admin/watermark/logo', { schema: settingsResponse }, () => proofs.removeLogo());

  app.get('/api/admin/watermark/logo', async (_request, reply) => {
    const logo = await proofs.logo();
    if (!logo) throw new AppError('not-found', 'No logo has been set.');
    return reply.type('image/png').header('x-content-type-options', 'nosniff').send(logo);
  });
};
