import type { Language } from '../../shared/i18n/languages';
import { escapeHtml } from '../html';
import { htmlDocument, mailStrings } from './mail-text';
import type { MailMessage } from './mailer';

/** The photographer's short notices of mail.json: someone signed up, someone accepted the booking terms. */
export type NoticeMessage = 'signup' | 'agreement';

export interface NoticeEmailInput {
  to: string;
  language: Language;
  siteName: string;
  /** The panel's tab where it shows. */
  link: string;
  /** The person's name, or their address when they gave none. */
  name: string;
  email: string;
}

export function noticeEmail(message: NoticeMessage, input: NoticeEmailInput): MailMessage {
  const t = mailStrings(input.language, `notice.${message}`, {
    siteName: input.siteName,
    name: input.name,
    email: input.email,
  });
  const text = [t('intro'), '', t('linkInstructions'), input.link, '', t('signature'), ''].join('\n');
  const html = htmlDocument(
    input.language,
    t('subject'),
    [
      `<p>${escapeHtml(t('intro'))}</p>`,
      `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t('linkInstructions'))}</a></p>`,
      `<p>${escapeHtml(t('signature'))}</p>`,
    ].join('\n'),
  );
  return { to: input.to, subject: t('subject'), text, html };
}
