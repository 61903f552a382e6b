import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentSettingsRequestSchema, paymentSettingsSchema } from '../../../shared/schemas/payments';
import type { AppContext } from '../../context';

const settingsResponse = { response: { 200: paymentSettingsSchema } };

/**
 * How clients pay (registered inside adminRoutes, so admin-only and never cached): the payment methods shown with
 * every unpaid order and in its e-mails, and the days after which an unpaid order's client is reminded (0: never).
 * Each method is checked by paymentSettingsRequestSchema; a refusal names the field (`methods.1.phone`).
 */
export const paymentMethodRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/admin/payment-methods', { schema: settingsResponse }, () => ctx.payments.settings());

  app.put(
    '/api/admin/payment-methods',
    { schema: { body: paymentSettingsRequestSchema, ...settingsResponse } },
    (request) => ctx.payments.saveSettings(request.body),
  );
};
