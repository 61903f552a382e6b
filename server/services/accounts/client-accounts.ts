import type { FastifyBaseLogger } from 'fastify';
import { FOLDER_PLACEHOLDER } from '../../../shared/folders';
import type { Language } from '../../../shared/i18n/languages';
import type { SessionUser } from '../../../shared/schemas/session';
import { assertAcceptablePassword } from '../../auth/account-service';
import type { BetterAuth } from '../../auth/better-auth';
import type { AccountLimiter } from '../../auth/limits';
import { presentSessionUser } from '../../auth/session-user';
import type { Config } from '../../env';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import type { ClientRecord, ClientRepository } from '../../repositories/client-repository';
import type { EmailTokenRecord, EmailTokenRepository } from '../../repositories/email-token-repository';
import type { Storage } from '../../storage/storage';
import { insertClientWithFreeFolder } from '../galleries/client-folders';
import { endOtherSessions } from './account-sessions';
import { createAddressProofs } from './address-proofs';
import { EMAIL_TOKEN_PATTERN, hashEmailToken } from './email-tokens';

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

/** The links that open a prepared gallery with a new password: the photographer's invitation, and a claim. */
const GALLERY_LINKS: EmailTokenRecord['purpose'][] = ['invitation', 'claim-gallery'];

interface AccountUser {
  id: string;
  email: string;
  name?: string | null;
  emailVerified?: boolean;
}

/**
 * The account side of clients: every account is tied to exactly one client record (and so one folder) by id, and
 * proves its address before anything private is shown. A sign-up makes a new client, except for an address the
 * photographer prepared a gallery for (a client added by hand, with no account yet): such a gallery goes only to a
 * proof of the mailbox that also sets the password (the invitation or "claim" link, or a password reset by e-mail),
 * since whoever signs up chose the password, and the mailbox's owner may only be clicking a link.
 */
export function createClientAccounts(deps: ClientAccountsDeps) {
  const { auth, clients, tokens } = deps;
  const now = deps.now ?? (() => new Date());
  const proofs = createAddressProofs({ tokens, mailer: deps.mailer, config: deps.config, now });

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
   * The client an account belongs to: linked by id, else a new one. A prepared client with its address is linked
   * only when `claims` (the password was just set from the mailbox); otherwise the answer is null, as for the admin,
   * who is no client and owns no gallery.
   */
  async function clientForAccount(user: AccountUser, { claims }: { claims: boolean }): Promise<ClientRecord | null> {
    if (user.email.toLowerCase() === deps.config.adminEmail.toLowerCase()) return null;
    const linked = await clients.findByAccountId(user.id);
    if (linked) return linked;
    const prepared = await clients.findByEmail(user.email);
    if (prepared?.accountId) throw new Error('the address belongs to a client linked to another account');
    if (prepared) {
      if (!claims) return null;
      if (!(await clients.linkAccount(prepared.id, user.id))) throw new Error('another account claimed the client');
      return { ...prepared, accountId: user.id };
    }
    const created = await insertClientWithFreeFolder(clients, {
      email: user.email,
      fullName: user.name ?? '',
      phone: null,
      accountId: user.id,
    });
    await createPlaceholder(created.folder);
    return created;
  }

  /** What proves an unverified account's address: the claim link for a prepared gallery, else a confirmation. */
  async function sendProofRequest(user: AccountUser, language: Language): Promise<void> {
    const client = await clients.findByEmail(user.email);
    const prepared = client && !client.accountId ? client : undefined;
    await (prepared ? proofs.sendClaim(prepared, language) : proofs.sendConfirmation(user, language));
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

    /**
     * After sign-up: ties the account to a new client and sends the confirmation e-mail; for the address of a
     * prepared gallery, ties it to nothing and sends the claim link. The sign-up's answer is the same either way.
     */
    async afterSignUp(user: AccountUser, language: Language): Promise<void> {
      await clientForAccount(user, { claims: false });
      await sendProofRequest(user, language);
    },

    async afterSignIn(accountId: string): Promise<void> {
      await clients.markSignedIn(accountId, now());
    },

    /** "Send again" on /me: at most a few an hour per account; nothing is sent to a verified address. */
    async resendVerification(user: SessionUser, language: Language): Promise<void> {
      if (user.emailVerified) return;
      await deps.limiter.assertAllowed('resendVerification', user.id);
      await deps.limiter.record('resendVerification', user.id);
      await sendProofRequest(user, language);
    },

    /**
     * Opens a link from a verification or address-change e-mail. A verification link proves the address the account
     * still has; an address-change link moves the account (and its gallery) to the new address. Either ends every
     * session of the account except the request's own (`headers`), if it has one.
     */
    async verifyEmail(token: string, headers?: Headers): Promise<{ email: string }> {
      const found = await consumeToken(token, ['verify-email', 'change-email'], clientErrors.invalidVerificationLink);
      const context = await auth.$context;
      if (found.purpose === 'verify-email') {
        const user = found.accountId ? await context.internalAdapter.findUserById(found.accountId) : null;
        if (!user || user.email !== found.email) throw clientErrors.invalidVerificationLink();
        // No gallery of its own: the address is a prepared gallery's, which only a claim (a new password) opens.
        if (!(await clientForAccount(user, { claims: false }))) throw clientErrors.invalidVerificationLink();
        await setVerified(user.id);
        await endOtherSessions(auth, user.id, headers);
        return { email: user.email };
      }
      const client = found.clientId ? await clients.findById(found.clientId) : undefined;
      if (!client?.accountId || client.pendingEmail !== found.email) throw clientErrors.invalidVerificationLink();
      if (await context.internalAdapter.findUserByEmail(found.email)) throw clientErrors.invalidVerificationLink();
      await context.internalAdapter.updateUser(client.accountId, { email: found.email, emailVerified: true });
      await clients.update(client.id, { email: found.email, pendingEmail: null });
      await endOtherSessions(auth, client.accountId, headers);
      return { email: found.email };
    },

    /**
     * A password set by an e-mailed reset link or code: it proves the address and, being chosen from the mailbox,
     * claims a gallery prepared for it. Every session of the account ends; the reset signs nobody in. Invitation and
     * claim links still out are spent: they would set the password again.
     */
    async passwordSetFromMailbox(user: AccountUser): Promise<void> {
      await endOtherSessions(auth, user.id);
      await setVerified(user.id);
      const client = await clientForAccount(user, { claims: true });
      if (client) await tokens.voidForClient(client.id, GALLERY_LINKS, now());
    },

    /** What the invitation page shows before the client chooses a password (for a claim link too). */
    async inspectInvitation(token: string): Promise<{ email: string; fullName: string }> {
      if (!EMAIL_TOKEN_PATTERN.test(token)) throw clientErrors.invalidInvitation();
      const found = await tokens.findUsable(GALLERY_LINKS, hashEmailToken(token), now());
      const client = found?.clientId ? await clients.findById(found.clientId) : undefined;
      if (!found || !client || client.email !== found.email) throw clientErrors.invalidInvitation();
      return { email: client.email, fullName: client.fullName };
    },

    /**
     * Accepting an invitation (or a claim link) sets the password, proves the address, and signs the client in. When
     * an account with the address already exists (someone signed up with it but never proved it), the link takes it
     * over: the new password replaces the old one and every existing session ends.
     */
    async acceptInvitation(
      input: { token: string; newPassword: string; confirmNewPassword: string },
      headers: Headers,
    ): Promise<{ result: SessionUser; setCookies: string[] }> {
      if (input.newPassword !== input.confirmNewPassword) throw clientErrors.passwordsDiffer();
      assertAcceptablePassword(input.newPassword);
      const found = await consumeToken(input.token, GALLERY_LINKS, clientErrors.invalidInvitation);
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
      await tokens.voidForClient(client.id, GALLERY_LINKS, now());
      await clients.markSignedIn(accountId, now());
      const user = { id: accountId, email: client.email, name: client.fullName, emailVerified: true };
      return { result: presentSessionUser(user, deps.config.adminEmail, client.folder), setCookies };
    },
  };
}

export type ClientAccounts = ReturnType<typeof createClientAccounts>;
