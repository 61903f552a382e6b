import type { Language } from '../../shared/i18n/languages';
import { escapeHtml } from '../html';
import { composeMail, linkButton, mailStrings, paragraph } from './mail-text';
import type { MailMessage } from './mailer';

/** The messages of mail.json that carry one link to press: they share one layout. */
export type LinkMessage = 'verifyEmail' | 'invitation' | 'claimGallery' | 'changeEmail' | 'resetPassword';

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
  return composeMail(input.to, input.language, t('subject'), [
    paragraph(t('greeting')),
    paragraph(t('intro')),
    linkButton(t('linkInstructions'), input.link, t('button'), { spelledOut: true }),
    ...(input.code === undefined
      ? []
      : [
          {
            text: [t('codeInstructions'), input.code],
            html: [
              `<p>${escapeHtml(t('codeInstructions'))}</p>`,
              `<p style="font-size: 24px; font-weight: bold; letter-spacing: 4px;" dir="ltr">${escapeHtml(input.code)}</p>`,
            ].join('\n'),
          },
        ]),
    paragraph(t('ignore')),
    paragraph(t('signature')),
  ]);
}
