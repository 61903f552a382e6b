import type { Language } from '../../shared/i18n/languages';
import { escapeHtml } from '../html';
import { composeMail, mailStrings, paragraph } from './mail-text';
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
  // A short notice: its link instructions are the link itself in the HTML part.
  const link = {
    text: [t('linkInstructions'), input.link],
    html: `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t('linkInstructions'))}</a></p>`,
  };
  return composeMail(input.to, input.language, t('subject'), [paragraph(t('intro')), link, paragraph(t('signature'))]);
}
