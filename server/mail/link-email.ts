import type { Language } from '../../shared/i18n/languages';
import { escapeHtml } from '../html';
import { htmlDocument, mailStrings } from './mail-text';
import type { MailMessage } from './mailer';

/** The messages of mail.json that carry one link to press: they share one layout. */
export type LinkMessage = 'verifyEmail' | 'invitation' | 'changeEmail' | 'resetPassword';

export interface LinkEmailInput {
  to: string;
  language: Language;
  siteName: string;
  /** The full link, built from PUBLIC_URL (never from the request's Host header). */
  link: string;
  /** Filled into the texts: `{{email}}`, `{{name}}`, … */
  values?: Record<string, string>;
  /** A one-time code to type instead of opening the link (the password reset), shown after the link. */
  code?: string;
}

/** An e-mail with one button-like link, in the reader's language, with a plain-text and an HTML part. */
export function linkEmail(message: LinkMessage, input: LinkEmailInput): MailMessage {
  const values = { ...input.values, siteName: input.siteName, email: input.to };
  const t = mailStrings(input.language, message, values);
  const text = [
    t('greeting'),
    '',
    t('intro'),
    '',
    t('linkInstructions'),
    input.link,
    '',
    ...(input.code === undefined ? [] : [t('codeInstructions'), input.code, '']),
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
      `<p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 10px 18px; background: #1f3a5f; color: #ffffff; text-decoration: none; border-radius: 6px;">${escapeHtml(t('button'))}</a></p>`,
      `<p dir="ltr" style="font-size: 12px; color: #555555; word-break: break-all;">${escapeHtml(input.link)}</p>`,
      ...(input.code === undefined
        ? []
        : [
            `<p>${escapeHtml(t('codeInstructions'))}</p>`,
            `<p style="font-size: 24px; font-weight: bold; letter-spacing: 4px;" dir="ltr">${escapeHtml(input.code)}</p>`,
          ]),
      `<p>${escapeHtml(t('ignore'))}</p>`,
      `<p>${escapeHtml(t('signature'))}</p>`,
    ].join('\n'),
  );
  return { to: input.to, subject: t('subject'), text, html };
}
