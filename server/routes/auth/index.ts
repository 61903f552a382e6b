import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  okResponseSchema,
  resetWithCodeBodySchema,
  resetWithLinkBodySchema,
  signInBodySchema,
  signUpBodySchema,
  verifiedResetLinkSchema,
  verifyResetLinkBodySchema,
} from '../../../shared/schemas/auth';
import {
  acceptInvitationBodySchema,
  invitationSchema,
  invitationTokenBodySchema,
  resendVerificationBodySchema,
  verifiedEmailSchema,
  verifyEmailBodySchema,
} from '../../../shared/schemas/clients';
import { sessionUserSchema } from '../../../shared/schemas/session';
import type { Window } from '../../auth/limits';
import type { AppContext } from '../../context';
import { requestLanguage } from '../../i18n/request-language';
import { requireUser, sessionUserOf } from '../../plugins/authorize';
import { noStore } from '../../plugins/no-store';

const perIp = (window: Window) => ({ rateLimit: { max: window.max, timeWindow: window.windowMs } });

function withCookies<T>(reply: FastifyReply, answer: { result: T; setCookies: string[] }): T {
  if (answer.setCookies.length > 0) reply.header('set-cookie', answer.setCookies);
  return answer.result;
}

const ok = { ok: true as const };

/**
 * Account routes (behind the /signup, /login, /change-password, /forgot-password and /reset-password pages). Each is
 * limited per IP here and per account in the services; errors carry the codes the pages translate
 * (shared/schemas/auth.ts).
 */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limits = ctx.authLimits.perIp;
  // Each answer is about one person (their account, their address) or signs them in or out.
  app.addHook('onSend', noStore);

  app.post(
    '/api/auth/sign-up',
    { config: perIp(limits.signUp), schema: { body: signUpBodySchema, response: { 200: sessionUserSchema } } },
    async (request, reply) =>
      withCookies(
        reply,
        await ctx.accounts.signUp(request.body, fromNodeHeaders(request.headers), requestLanguage(request)),
      ),
  );

  app.post(
    '/api/auth/sign-in',
    { config: perIp(limits.signIn), schema: { body: signInBodySchema, response: { 200: sessionUserSchema } } },
    async (request, reply) =>
      withCookies(reply, await ctx.accounts.signIn(request.body, fromNodeHeaders(request.headers), request.ip)),
  );

  app.post('/api/auth/sign-out', { schema: { response: { 200: okResponseSchema } } }, async (request, reply) => {
    withCookies(reply, await ctx.accounts.signOut(fromNodeHeaders(request.headers)));
    return ok;
  });

  app.post(
    '/api/auth/change-password',
    {
      onRequest: requireUser,
      config: perIp(limits.changePassword),
      schema: { body: changePasswordBodySchema, response: { 200: okResponseSchema } },
    },
    async (request, reply) => {
      const user = sessionUserOf(request);
      withCookies(reply, await ctx.accounts.changePassword(user, request.body, fromNodeHeaders(request.headers)));
      return ok;
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: perIp(limits.forgotPassword),
      schema: { body: forgotPasswordBodySchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await ctx.passwordResets.requestReset(request.body.email, requestLanguage(request));
      return ok;
    },
  );

  app.post(
    '/api/auth/reset-password/verify',
    {
      config: perIp(limits.resetPassword),
      schema: { body: verifyResetLinkBodySchema, response: { 200: verifiedResetLinkSchema } },
    },
    async (request) => ctx.passwordResets.verifyResetLink(request.body.oobCode),
  );

  app.post(
    '/api/auth/reset-password/link',
    {
      config: perIp(limits.resetPassword),
      schema: { body: resetWithLinkBodySchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await ctx.passwordResets.resetWithLink(request.body.oobCode, request.body.newPassword);
      return ok;
    },
  );

  app.post(
    '/api/auth/reset-password/code',
    {
      config: perIp(limits.resetPassword),
      schema: { body: resetWithCodeBodySchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await ctx.passwordResets.resetWithCode(request.body);
      return ok;
    },
  );

  // Proving the address: the link from the verification (or address-change) e-mail, and "send again" on /me.
  app.post(
    '/api/auth/verify-email',
    {
      config: perIp(limits.emailLinks),
      schema: { body: verifyEmailBodySchema, response: { 200: verifiedEmailSchema } },
    },
    async (request) => ctx.clientAccounts.verifyEmail(request.body.token, fromNodeHeaders(request.headers)),
  );

  app.post(
    '/api/auth/verification-email',
    {
      onRequest: requireUser,
      config: perIp(limits.emailLinks),
      schema: { body: resendVerificationBodySchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      const language = request.body.language ?? requestLanguage(request);
      await ctx.clientAccounts.resendVerification(sessionUserOf(request), language);
      return ok;
    },
  );

  // Invitations from the photographer: what the page shows, then choosing a password (which signs the client in).
  app.post(
    '/api/auth/invitation/verify',
    {
      config: perIp(limits.emailLinks),
      schema: { body: invitationTokenBodySchema, response: { 200: invitationSchema } },
    },
    async (request) => ctx.clientAccounts.inspectInvitation(request.body.token),
  );

  app.post(
    '/api/auth/invitation/accept',
    {
      config: perIp(limits.emailLinks),
      schema: { body: acceptInvitationBodySchema, response: { 200: sessionUserSchema } },
    },
    async (request, reply) =>
      withCookies(reply, await ctx.clientAccounts.acceptInvitation(request.body, fromNodeHeaders(request.headers))),
  );
};
