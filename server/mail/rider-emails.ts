import type { Language } from '../../shared/i18n/languages';
import { composeMail, linkButton, mailStrings, paragraph } from './mail-text';
import type { MailMessage } from './mailer';

interface RiderMailInput {
  to: string;
  language: Language;
  siteName: string;
  eventName: string;
  number: string;
  /** The one-click link that ends this subscription; in every mail, and in its `List-Unsubscribe` header. */
  unsubscribeLink: string;
}

/** The part every rider mail ends with: how to stop them, in one click, and who sent it. */
function ending(t: (key: string) => string, unsubscribeLink: string) {
  return [linkButton(t('unsubscribe'), unsubscribeLink, t('unsubscribeButton')), paragraph(t('signature'))];
}

function withUnsubscribeHeader(message: MailMessage, unsubscribeLink: string): MailMessage {
  // Mail clients show their own "Unsubscribe" for this header and open the link (a GET: it needs no sign-in).
  return { ...message, headers: { 'List-Unsubscribe': `<${unsubscribeLink}>` } };
}

/** "Confirm that you want to hear about number 127's photos": the address is proven by opening the link. */
export function riderConfirmEmail(input: RiderMailInput & { confirmLink: string }): MailMessage {
  const t = mailStrings(input.language, 'riderConfirm', {
    siteName: input.siteName,
    eventName: input.eventName,
    number: input.number,
  });
  const message = composeMail(input.to, input.language, t('subject'), [
    paragraph(t('greeting')),
    paragraph(t('intro')),
    linkButton(t('linkInstructions'), input.confirmLink, t('button'), { spelledOut: true }),
    paragraph(t('ignore')),
    ...ending(t, input.unsubscribeLink),
  ]);
  return withUnsubscribeHeader(message, input.unsubscribeLink);
}

/** "Your photos are online": one mail for a batch of placements, with how many photos the number has now. */
export function riderPhotosEmail(input: RiderMailInput & { count: number; eventLink: string }): MailMessage {
  const t = mailStrings(input.language, 'riderPhotos', {
    siteName: input.siteName,
    eventName: input.eventName,
    number: input.number,
    count: input.count,
  });
  const message = composeMail(input.to, input.language, t('subject'), [
    paragraph(t('greeting')),
    paragraph(t('intro')),
    linkButton(t('linkInstructions'), input.eventLink, t('button'), { spelledOut: true }),
    ...ending(t, input.unsubscribeLink),
  ]);
  return withUnsubscribeHeader(message, input.unsubscribeLink);
}
