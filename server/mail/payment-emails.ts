import { isolateFor } from '../../shared/bidi';
import type { Language } from '../../shared/i18n/languages';
import { formatMoney } from '../../shared/money';
import type { Money } from '../../shared/pricing';
import type { PaymentKind, PaymentMethodEntry } from '../../shared/schemas/payments';
import { escapeHtml } from '../html';
import { composeMail, linkButton, type MailBlock, mailStrings, paragraph } from './mail-text';
import type { MailMessage } from './mailer';

/** What the client's payment e-mails say of their order. */
export interface OrderPaymentFacts {
  to: string;
  language: Language;
  siteName: string;
  /** The client's orders page, where they see how to pay and report a payment. */
  link: string;
  clientName: string;
  count: number;
  total: Money;
  reference: string;
  /**
   * How to pay, as the photographer set it up (none: the e-mail says the photographer will tell them); null when
   * there is nothing to pay.
   */
  methods: readonly PaymentMethodEntry[] | null;
}

/** One method as a line (and, for bank details, the lines under it), each value isolated where directions mix. */
function methodLines(method: PaymentMethodEntry, language: Language): { text: string[]; html: string } {
  const line = (key: string, values: Record<string, string> = {}) =>
    mailStrings(language, 'paymentMethods', values)(key);
  switch (method.kind) {
    case 'bit':
      return single(line('bit', { phone: method.phone }));
    case 'paybox':
      return 'phone' in method
        ? single(line('payboxPhone', { phone: method.phone }))
        : withLink(line('payboxLink', { link: method.link }), method.link);
    case 'cash':
      return single(line('cash'));
    case 'link':
      return withLink(line('link', { label: method.label, url: method.url }), method.url);
    case 'bank': {
      const details = method.details.split('\n').map((detail) => isolateFor(language, detail));
      return {
        text: [line('bank'), ...details.map((detail) => `  ${detail}`)],
        html: `${escapeHtml(line('bank'))}<br>\n${details.map(escapeHtml).join('<br>\n')}`,
      };
    }
  }
}

const single = (text: string) => ({ text: [text], html: escapeHtml(text) });

/** A line holding a link: in the HTML part the address itself becomes the link, left to right. */
function withLink(text: string, url: string) {
  const href = escapeHtml(url);
  const anchor = `<a href="${href}" dir="ltr">${href}</a>`;
  return { text: [text], html: escapeHtml(text).split(href).join(anchor) };
}

/** "How to pay": each method the photographer set up, and the reference to write with the payment. */
function howToPay(facts: OrderPaymentFacts): MailBlock[] {
  const t = mailStrings(facts.language, 'paymentMethods', { reference: facts.reference });
  if (facts.methods === null) return [];
  if (facts.methods.length === 0) return [paragraph(t('none'))];
  const lines = facts.methods.map((method) => methodLines(method, facts.language));
  return [
    {
      text: [t('title'), ...lines.flatMap((line) => line.text.map((text, i) => (i === 0 ? `- ${text}` : text)))],
      html: `<p>${escapeHtml(t('title'))}</p>\n<ul>\n${lines.map((line) => `<li>${line.html}</li>`).join('\n')}\n</ul>`,
    },
    paragraph(t('referenceHint')),
  ];
}

/**
 * To the client, once their selection is sent (`orderConfirmation`), and once as a reminder when it stays unpaid
 * (`paymentReminder`): what they ordered, the amount, the reference and how to pay, with the link to their orders.
 */
export function orderPaymentEmail(message: 'orderConfirmation' | 'paymentReminder', facts: OrderPaymentFacts) {
  const t = mailStrings(facts.language, message, {
    siteName: facts.siteName,
    name: facts.clientName,
    count: facts.count,
    amount: formatMoney(facts.total, facts.language),
    reference: facts.reference,
  });
  return composeMail(facts.to, facts.language, t('subject'), [
    paragraph(t('greeting')),
    paragraph(t('intro')),
    paragraph(t('amount')),
    ...howToPay(facts),
    ...(message === 'paymentReminder' ? [paragraph(t('alreadyPaid'))] : []),
    linkButton(t('linkInstructions'), facts.link, t('button')),
    paragraph(t('signature')),
  ]);
}

/** To the photographer: a client says they paid an order, how, and their note. */
export function paymentReportedEmail(input: {
  to: string;
  language: Language;
  siteName: string;
  /** The orders tab of the panel. */
  link: string;
  clientName: string;
  clientEmail: string;
  reference: string;
  total: Money;
  method: PaymentKind;
  note: string;
}): MailMessage {
  const names = mailStrings(input.language, 'paymentMethods.names', {});
  const t = mailStrings(input.language, 'paymentReported', {
    siteName: input.siteName,
    name: input.clientName,
    email: input.clientEmail,
    reference: input.reference,
    amount: formatMoney(input.total, input.language),
    method: names(input.method),
  });
  const note = input.note.trim();
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
