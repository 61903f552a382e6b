import { isolateFor } from '../../shared/bidi';
import type { Language } from '../../shared/i18n/languages';
import { formatMoney } from '../../shared/money';
import { escapeHtml } from '../html';
import { serverTranslator } from '../i18n/locale-files';
import type { BookingRecord } from '../repositories/booking-repository';
import { composeMail, linkButton, mailStrings, paragraph } from './mail-text';
import type { MailMessage } from './mailer';

/** The two booking messages of mail.json: the request to the photographer, the confirmation to the client. */
export type BookingMessage = 'received' | 'confirmation';

export interface BookingEmailInput {
  to: string;
  language: Language;
  siteName: string;
  /** The photographer's bookings tab, or the client's /contact page. */
  link: string;
  /** How the client is named: their name on the account, else their address. */
  clientName: string;
}

/** A day (YYYY-MM-DD) as people read it in `language`, e.g. "24 November 2026". */
export function formatBookingDate(date: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** The request's details as label and value, in the reader's language; the amounts from the stored price. */
function detailRows(booking: BookingRecord, language: Language): Array<[string, string]> {
  const t = serverTranslator(language, 'mail');
  const home = serverTranslator(language, 'home');
  const money = (amount: number | null) =>
    amount === null ? null : formatMoney({ amount, currency: booking.currency }, language);
  const total = money(booking.totalAmount);
  const deposit = money(booking.depositAmount);
  return [
    [t('booking.details.event'), booking.event],
    [t('booking.details.date'), formatBookingDate(booking.date, language)],
    [t('booking.details.rider'), booking.riderName],
    [t('booking.details.horses'), booking.horses.map((horse) => `${horse.name} (${horse.heat})`).join(', ')],
    [t('booking.details.package'), home(`pricing.${booking.package}.title`)],
    [t('booking.details.phone'), booking.phone],
    [
      t('booking.details.total'),
      total ??
        t(booking.package === 'custom' ? 'booking.details.totalAfterConsultation' : 'booking.details.totalLater'),
    ],
    ...(deposit ? [[t('booking.details.deposit'), deposit] as [string, string]] : []),
    ...(booking.note ? [[t('booking.details.note'), booking.note] as [string, string]] : []),
  ];
}

/**
 * A booking e-mail in the reader's language, text and HTML. What the client typed (names, the event, the note) goes
 * into the HTML escaped and in its own direction (`dir="auto"`), so a Hebrew horse's name reads right in English.
 */
export function bookingEmail(message: BookingMessage, booking: BookingRecord, input: BookingEmailInput): MailMessage {
  const t = mailStrings(input.language, `booking.${message}`, {
    siteName: input.siteName,
    name: input.clientName,
    email: booking.email,
    event: booking.event,
    date: formatBookingDate(booking.date, input.language),
  });
  const rows = detailRows(booking, input.language);
  const details = {
    text: rows.map(([label, value]) => `${label}: ${isolateFor(input.language, value)}`),
    html: [
      '<table cellpadding="4" style="border-collapse: collapse;">',
      ...rows.map(
        ([label, value]) =>
          `<tr><th scope="row" style="text-align: start; vertical-align: top;">${escapeHtml(label)}</th><td dir="auto">${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
    ].join('\n'),
  };
  return composeMail(input.to, input.language, t('subject'), [
    paragraph(t('greeting')),
    paragraph(t('intro')),
    details,
    linkButton(t('linkInstructions'), input.link, t('button')),
    paragraph(t('signature')),
  ]);
}
