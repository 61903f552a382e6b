import type { FastifyBaseLogger } from 'fastify';
import { FOLDER_PLACEHOLDER } from '../../shared/folders';
import type { Language } from '../../shared/i18n/languages';
import type { SessionUser } from '../../shared/schemas/session';
import { assertAcceptablePassword } from '../auth/account-service';
import type { BetterAuth } from '../auth/better-auth';
import type { AccountLimiter } from '../auth/limits';
import { presentSessionUser } from '../auth/session-user';
import type { Config } from '../env';
import { AppError } from '../errors';
import { linkEmail } from '../mail/link-email';
import type { Mailer } from '../mail/mailer';
import type { ClientRecord, ClientRepository } from '../repositories/client-repository';
import type { EmailTokenRepository } from '../repositories/email-token-repository';
import type { Storage } from '../storage/storage';
import { insertClientWithFreeFolder } from './client-folders';
import { EMAIL_TOKEN_PATTERN, hashEmailToken, newEmailToken, VERIFY_EMAIL_TTL_MS } from './email-tokens';

export interface ClientAccountsDeps {
  auth: BetterAuth;
  clients: ClientRepository;
  tokens: EmailTokenRepository;
  mailer: Pick<Mailer, 'sendLater'>;
  limiter: AccountLimiter;
  config: Pick<Config, 'publicUrl' | 'siteName' | 'adminEmail'>;
  logger: FastifyBaseLogger;
  /** Where a new client's folder gets its hidden placeholder; absent in tests without storage. */
  storage?: Pick<Storage, 'put'>;
  now?: () => Date;
}

export const clientErrors = {
  invalidVerificationLink: () =>
    new AppError('invalid-verification-link', 'This confirmation link is invalid, has expired or was already used.'),
  invalidInvitation: () =>
    new AppError('invalid-invitation', 'This invitation is invalid, has expired or was already used.'),
  passwordsDiffer: () =>
    new AppError('invalid-argument', 'The passwords do not match.', {
      fields: [{ field: 'confirmNewPassword', message: 'does not match' }],
    }),
};

interface AccountUser {
  id: string;
  email: string;
  name?: string | null;
  emailVerified?: boolean;
}

/**
 * The account side of clients: every account is tied to exactly one client record (and so one folder) by id, and
 * proves its address before anything private is shown. Sign-up links the account to the client the photographer
 * invited with that address, or makes a new client; verification, an accepted invitation or a password reset by
 * e-mail sets `emailVerified`.
 */
export function createClientAccounts(deps: ClientAccountsDeps) {
  const { auth, clients, tokens } = deps;
  const now = deps.now ?? (() => new Date());

  async function createPlaceholder(folder: string): Promise<void> {
    if (!deps.storage) return;
    try {
      await deps.storage.put(`${folder}/${FOLDER_PLACEHOLDER}`, Buffer.alloc(0), {
        contentType: 'application/octet-stream',
      });
    } catch (error) {
      // The gallery works without it; the first upload creates the folder anyway.
      deps.logger.error({ err: error }, 'could not create the client folder placeholder');
    }
  }

  /**
   * The client an account belongs to: linked by id, else the unlinked client with its address, else a new one. The
   * admin is no client and owns no gallery.
   */
  async function clientForAccount(user: AccountUser): Promise<ClientRecord | null> {
    if (user.email.toLowerCase() === deps.config.adminEmail.toLowerCase()) return null;
    const linked = await clients.findByAccountId(user.id);
    if (linked) return linked;
    const invited = await clients.findByEmail(user.email);
    if (invited && !invited.accountId && (await clients.linkAccount(invited.id, user.id))) {
      return { ...invited, accountId: user.id };
    }
    if (invited) throw new Error('the address belongs to a client linked to another account');
    const created = await insertClientWithFreeFolder(clients, {
      email: user.email,
      fullName: user.name ?? '',
      phone: null,
      accountId: user.id,
    });
    await createPlaceholder(created.folder);
    return created;
  }

  async function sendVerification(user: AccountUser, language: Language): Promise<void> {
    const { token, tokenHash } = newEmailToken();
    await tokens.voidForAccount(user.id, ['verify-email'], now());
    await tokens.insert({
      purpose: 'verify-email',
      tokenHash,
      accountId: user.id,
      clientId: null,
      email: user.email,
      expiresAt: new Date(now().getTime() + VERIFY_EMAIL_TTL_MS).toISOString(),
    });
    deps.mailer.sendLater(
      linkEmail('verifyEmail', {
        to: user.email,
        language,
        siteName: deps.config.siteName,
        link: `${deps.config.publicUrl}/verify-email?token=${token}`,
      }),
    );
  }

  async function setVerified(userId: string): Promise<void> {
    const context = await auth.$context;
    await context.internalAdapter.updateUser(userId, { emailVerified: true });
  }

  /** The usable token of one of `purposes`, used up now; the given error when it is unknown, expired or used. */
  async function consumeToken(
    token: string,
    purposes: Parameters<EmailTokenRepository['findUsable']>[0],
    fail: () => AppError,
  ) {
    if (!EMAIL_TOKEN_PATTERN.test(token)) throw fail();
    const found = await tokens.findUsable(purposes, hashEmailToken(token), now());
    if (!found || !(await tokens.markUsed(found.id, now()))) throw fail();
    return found;
  }

  return {
    createPlaceholder,

    /** The session user with the folder the account owns, shown only once the address is verified. */
    async presentUser(user: AccountUser): Promise<SessionUser> {
      const client = await clients.findByAccountId(user.id);
      return presentSessionUser(user, deps.config.adminEmail, client?.folder ?? null);
    },

    /** After sign-up: ties the account to its client and sends the verification e-mail. */
    async afterSignUp(user: AccountUser, language: Language): Promise<void> {
      await clientForAccount(user);
      await sendVerification(user, language);
    },

    async afterSignIn(accountId: string): Promise<void> {
      await clients.markSignedIn(accountId, now());
    },

    /** "Send again" on /me: at most a few an hour per account; nothing is sent to a verified address. */
    async resendVerification(user: SessionUser, language: Language): Promise<void> {
      if (user.emailVerified) return;
      await deps.limiter.assertAllowed('resendVerification', user.id);
      await deps.limiter.record('resendVerification', user.id);
      await sendVerification(user, language);
    },

    /**
     * Opens a link from a verification or address-change e-mail. A verification link proves the address the account
     * still has; an address-change link moves the account (and its gallery) to the new address.
     */
    async verifyEmail(token: string): Promise<{ email: string }> {
      const found = await consumeToken(token, ['verify-email', 'change-email'], clientErrors.invalidVerificationLink);
      const context = await auth.$context;
      if (found.purpose === 'verify-email') {
        const user = found.accountId ? await context.internalAdapter.findUserById(found.accountId) : null;
        if (!user || user.email !== found.email) throw clientErrors.invalidVerificationLink();
        await setVerified(user.id);
        await clientForAccount(user);
        return { email: user.email };
      }
      const client = found.clientId ? await clients.findById(found.clientId) : undefined;
      if (!client?.accountId || client.pendingEmail !== found.email) throw clientErrors.invalidVerificationLink();
      if (await context.internalAdapter.findUserByEmail(found.email)) throw clientErrors.invalidVerificationLink();
      await context.internalAdapter.updateUser(client.accountId, { email: found.email, emailVerified: true });
      await clients.update(client.id, { email: found.email, pendingEmail: null });
      return { email: found.email };
    },

    /** A password reset by e-mailed link or code proves the address too. */
    async markVerified(user: AccountUser): Promise<void> {
      await setVerified(user.id);
      await clientForAccount(user);
    },

    /** What the invitation page shows before the client chooses a password. */
    async inspectInvitation(token: string): Promise<{ email: string; fullName: string }> {
      if (!EMAIL_TOKEN_PATTERN.test(token)) throw clientErrors.invalidInvitation();
      const found = await tokens.findUsable(['invitation'], hashEmailToken(token), now());
      const client = found?.clientId ? await clients.findById(found.clientId) : undefined;
      if (!found || !client || client.email !== found.email) throw clientErrors.invalidInvitation();
      return { email: client.email, fullName: client.fullName };
    },

    /**
     * Accepting an invitation sets the password, proves the address, and signs the client in. When an account with
     * the address already exists (someone signed up with it but never proved it), the invitation takes it over: the
     * new password replaces the old one and every existing session ends.
     */
    async acceptInvitation(
      input: { token: string; newPassword: string; confirmNewPassword: string },
      headers: Headers,
    ): Promise<{ result: SessionUser; setCookies: string[] }> {
      if (input.newPassword !== input.confirmNewPassword) throw clientErrors.passwordsDiffer();
      assertAcceptablePassword(input.newPassword);
      const found = await consumeToken(input.token, ['invitation'], clientErrors.invalidInvitation);
      const client = found.clientId ? await clients.findById(found.clientId) : undefined;
      if (!client || client.email !== found.email) throw clientErrors.invalidInvitation();
      const context = await auth.$context;
      const existing = await context.internalAdapter.findUserByEmail(client.email);
      let accountId: string;
      let setCookies: string[];
      if (existing) {
        accountId = existing.user.id;
        const hash = await context.password.hash(input.newPassword);
        if (await context.internalAdapter.findCredentialAccount(accountId)) {
          await context.internalAdapter.updatePassword(accountId, hash);
        } else {
          await context.internalAdapter.linkAccount({
            userId: accountId,
            providerId: 'credential',
            accountId,
            password: hash,
          });
        }
        await context.internalAdapter.deleteUserSessions(accountId);
        const signedIn = await auth.api.signInEmail({
          body: { email: client.email, password: input.newPassword, rememberMe: true },
          headers,
          returnHeaders: true,
        });
        setCookies = signedIn.headers.getSetCookie();
      } else {
        const signedUp = await auth.api.signUpEmail({
          body: { email: client.email, password: input.newPassword, name: client.fullName },
          headers,
          returnHeaders: true,
        });
        accountId = signedUp.response.user.id;
        setCookies = signedUp.headers.getSetCookie();
      }
      if (client.accountId !== accountId && !(await clients.linkAccount(client.id, accountId))) {
        throw clientErrors.invalidInvitation();
      }
      await setVerified(accountId);
      await tokens.voidForClient(client.id, ['invitation'], now());
      await clients.markSignedIn(accountId, now());
      const user = { id: accountId, email: client.email, name: client.fullName, emailVerified: true };
      return { result: presentSessionUser(user, deps.config.adminEmail, client.folder), setCookies };
    },
  };
}

export type ClientAccounts = ReturnType<typeof createClientAccounts>;
