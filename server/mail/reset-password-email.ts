import type { Language } from '../../shared/i18n/languages';
import { escapeHtml } from '../html';
import { htmlDocument, mailStrings } from './mail-text';
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

/** The reset e-mail in the reader's language, with a plain-text and an HTML part. */
export function resetPasswordEmail(input: ResetEmailInput): MailMessage {
  const link = `${input.publicUrl}/reset-password?oobCode=${encodeURIComponent(input.linkToken)}`;
  const t = mailStrings(input.language, 'resetPassword', { siteName: input.siteName, email: input.to });
  const text = [
    t('greeting'),
    '',
    t('intro'),
    '',
    t('linkInstructions'),
    link,
    '',
    t('codeInstructions'),
    input.code,
    '',
    t('ignore'),
    '',
    t('signature'),
    '',
  ].join('\n');
  const html = htmlDocument(
    input.language,
    t('subject'),
    [
      `<p>${escapeHtml(t('greeting'))}</p>`,
      `<p>${escapeHtml(t('intro'))}</p>`,
      `<p>${escapeHtml(t('linkInstructions'))}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t('button'))}</a></p>`,
      `<p>${escapeHtml(t('codeInstructions'))}</p>`,
      `<p style="font-size: 24px; font-weight: bold; letter-spacing: 4px;" dir="ltr">${escapeHtml(input.code)}</p>`,
      `<p>${escapeHtml(t('ignore'))}</p>`,
      `<p>${escapeHtml(t('signature'))}</p>`,
    ].join('\n'),
  );
  return { to: input.to, subject: t('subject'), text, html };
}
