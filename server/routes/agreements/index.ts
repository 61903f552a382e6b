import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGE_STORAGE_KEY, LANGUAGES, resolveLanguage } from '../../../shared/i18n/languages';
import {
  acceptTermsRequestSchema,
  acceptTermsResponseSchema,
  agreementListResponseSchema,
  currentTermsResponseSchema,
} from '../../../shared/schemas/agreements';
import type { AppContext } from '../../context';
import { getSessionUser, requireAdmin, requireVerified, sessionUserOf } from '../../plugins/authorize';
import { noStore } from '../../plugins/no-store';
import {
  AGREEMENTS_CSV_HEADER,
  agreementCsvLine,
  presentAcceptedTerms,
  presentAgreement,
} from '../../presenters/agreement-presenter';

/**
 * The booking terms the contact page shows, a signed-in user's acceptance of them (kept as an audit record of who
 * accepted which version of the text, when, in which language and from which browser), and the admin's view of
 * that record.
 */
export const agreementRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = ctx.agreements;
  const acceptLimit = ctx.authLimits.perIp.acceptTerms;
  // Whether this person accepted, their acceptance, the admin's list and export: nothing here is for a cache.
  app.addHook('onSend', noStore);

  app.get(
    '/api/agreements/current',
    {
      schema: {
        querystring: z.object({ lng: z.enum(LANGUAGES).optional() }),
        response: { 200: currentTermsResponseSchema },
      },
    },
    async (request) => {
      const language =
        request.query.lng ??
        resolveLanguage({
          cookie: request.cookies[LANGUAGE_STORAGE_KEY],
          acceptLanguage: request.headers['accept-language'],
        });
      return service.current(language, await getSessionUser(request));
    },
  );

  // Only a proven address: the photographer is told of each new acceptance, by e-mail.
  app.post(
    '/api/agreements',
    {
      onRequest: requireVerified,
      config: { rateLimit: { max: acceptLimit.max, timeWindow: acceptLimit.windowMs } },
      schema: { body: acceptTermsRequestSchema, response: { 201: acceptTermsResponseSchema } },
    },
    async (request, reply) => {
      const record = await service.accept({
        user: sessionUserOf(request),
        language: request.body.language,
        termsVersion: request.body.termsVersion,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return reply.status(201).send(presentAcceptedTerms(record));
    },
  );

  app.get(
    '/api/admin/agreements',
    {
      onRequest: requireAdmin,
      schema: {
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(500).default(100),
          before: z.iso.datetime().optional(),
        }),
        response: { 200: agreementListResponseSchema },
      },
    },
    async (request) => {
      const records = await service.list({ limit: request.query.limit, before: request.query.before });
      return { items: records.map(presentAgreement) };
    },
  );

  app.get('/api/admin/agreements.csv', { onRequest: requireAdmin }, async (_request, reply) => {
    const records = service.all();
    async function* lines() {
      // A byte-order mark lets spreadsheet programs open the Hebrew and Arabic names as UTF-8.
      yield `\uFEFF${AGREEMENTS_CSV_HEADER}`;
      for await (const record of records) yield agreementCsvLine(record);
    }
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="agreements-${day}.csv"`)
      .send(Readable.from(lines()));
  });
};
