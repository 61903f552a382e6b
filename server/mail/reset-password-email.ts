import type { Language } from '../../shared/i18n/languages';
import { linkEmail } from './link-email';
import type { MailMessage } from './mailer';

export interface ResetEmailInput {
  to: string;
  language: Language;
  siteName: string;
  /** PUBLIC_URL, never the request's Host header. */
  publicUrl: string;
  /** The link token (oobCode) and the 6-digit code: one e-mail carries both ways to reset. */
  linkToken: string;
  code: string;
}

/** The reset e-mail in the reader's language, with a plain-text and an HTML part: the link, then the code. */
export function resetPasswordEmail(input: ResetEmailInput): MailMessage {
  return linkEmail('resetPassword', {
    to: input.to,
    language: input.language,
    siteName: input.siteName,
    link: `${input.publicUrl}/reset-password?oobCode=${encodeURIComponent(input.linkToken)}`,
    code: input.code,
  });
}
