import type { Language } from '../../shared/i18n/languages';
import { formatMoney } from '../../shared/money';
import type { Money } from '../../shared/pricing';
import { escapeHtml } from '../html';
import { composeMail, linkButton, mailStrings, paragraph } from './mail-text';
import type { MailMessage } from './mailer';

/** The order messages of mail.json: one to the photographer, two to the client. */
export type OrderMessage = 'orderSubmitted' | 'orderPaid' | 'orderDelivered';

export interface OrderEmailInput {
  to: string;
  language: Language;
  siteName: string;
  /** Where the button leads: the orders tab for the photographer, the gallery for the client. */
  link: string;
  clientName: string;
  clientEmail: string;
  count: number;
  total: Money;
  /** The client's note, for the photographer. */
  note?: string;
}

/**
 * An order e-mail in the reader's language, with a text and an HTML part. The amount is formatted for that language
 * and, like every value, isolated where directions mix (a Latin name or "₪ 6.00" inside a Hebrew sentence).
 */
export function orderEmail(message: OrderMessage, input: OrderEmailInput): MailMessage {
  const t = mailStrings(input.language, message, {
    siteName: input.siteName,
    name: input.clientName,
    email: input.clientEmail,
    count: input.count,
    amount: formatMoney(input.total, input.language),
  });
  const note = input.note?.trim() ? input.note.trim() : null;
  return composeMail(input.to, input.language, t('subject'), [
    paragraph(t('greeting')),
    paragraph(t('intro')),
    paragraph(t('amount')),
    ...(note
      ? [
          {
            text: [t('noteLabel'), note],
            html: `<p>${escapeHtml(t('noteLabel'))}</p>\n<blockquote dir="auto">${escapeHtml(note)}</blockquote>`,
          },
        ]
      : []),
    linkButton(t('linkInstructions'), input.link, t('button')),
    paragraph(t('signature')),
  ]);
}
