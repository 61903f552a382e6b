import type { Language } from '../../../shared/i18n/languages';
import type { Config } from '../../env';
import { linkEmail } from '../../mail/link-email';
import type { Mailer } from '../../mail/mailer';
import type { ClientRecord } from '../../repositories/client-repository';
import type { EmailTokenRepository } from '../../repositories/email-token-repository';
import { newEmailToken, VERIFY_EMAIL_TTL_MS } from './email-tokens';

export interface AddressProofsDeps {
  tokens: Pick<EmailTokenRepository, 'insert' | 'voidForAccount' | 'voidForClient'>;
  mailer: Pick<Mailer, 'sendLater'>;
  config: Pick<Config, 'publicUrl' | 'siteName'>;
  now: () => Date;
}

/**
 * The two e-mails that ask an unproven account's address for proof. A plain sign-up gets a confirmation link. The
 * address of a gallery the photographer prepared gets a link to claim it instead: open it, choose a password, and
 * be signed in (the invitation page, `acceptInvitation`), so that the gallery goes to whoever reads the mailbox and
 * never to whoever chose the password at sign-up.
 */
export function createAddressProofs(deps: AddressProofsDeps) {
  const { tokens, now } = deps;
  const expiry = () => new Date(now().getTime() + VERIFY_EMAIL_TTL_MS).toISOString();

  return {
    async sendConfirmation(user: { id: string; email: string }, language: Language): Promise<void> {
      const { token, tokenHash } = newEmailToken();
      await tokens.voidForAccount(user.id, ['verify-email'], now());
      await tokens.insert({
        purpose: 'verify-email',
        tokenHash,
        accountId: user.id,
        clientId: null,
        email: user.email,
        expiresAt: expiry(),
      });
      deps.mailer.sendLater(
        linkEmail('verifyEmail', {
          to: user.email,
          language,
          siteName: deps.config.siteName,
          link: `${deps.config.publicUrl}/verify-email?token=${token}`,
        }),
      );
    },

    /**
     * The claim link belongs to the client, not to the account that signed up, and lives as long as the confirmation
     * it stands in for. A newer one replaces it; the photographer's invitation stays valid beside it.
     */
    async sendClaim(client: ClientRecord, language: Language): Promise<void> {
      const { token, tokenHash } = newEmailToken();
      await tokens.voidForClient(client.id, ['claim-gallery'], now());
      await tokens.insert({
        purpose: 'claim-gallery',
        tokenHash,
        accountId: null,
        clientId: client.id,
        email: client.email,
        expiresAt: expiry(),
      });
      deps.mailer.sendLater(
        linkEmail('claimGallery', {
          to: client.email,
          language,
          siteName: deps.config.siteName,
          link: `${deps.config.publicUrl}/accept-invite?token=${token}`,
          values: { name: client.fullName },
        }),
      );
    },
  };
}
