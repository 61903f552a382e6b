import { createHash } from 'node:crypto';
import { isolate } from '../../shared/bidi';
import { directionOf } from '../../shared/i18n/languages';
import { formatMoney } from '../../shared/money';
import { escapeHtml } from '../html';
import { serverTranslator } from '../i18n/locale-files';
import { formatBookingDate } from '../mail/booking-emails';
import { mailLanguage } from '../mail/mail-text';
import type { ReceiptRecord } from '../repositories/receipt-repository';
import { receiptNumberText } from './receipt-presenter';

/**
 * The receipt's own stylesheet, inline so the page is one self-contained document to print or save. Logical
 * properties only (the page is right-to-left in Hebrew and Arabic); fits a 390 px phone; on paper the hint goes and
 * the card loses its frame.
 */
const STYLESHEET = `
:root { color-scheme: light; font-family: Arial, sans-serif; line-height: 1.5; color: #1b1b1b; }
body { margin: 0; background: #f4f4f1; }
.receipt { box-sizing: border-box; max-inline-size: 42rem; margin-block: 2rem; margin-inline: auto; padding: 2rem;
  background: #fff; border: 1px solid #ddd; border-radius: 0.5rem; }
.receipt__business { border-block-end: 2px solid #1b1b1b; padding-block-end: 1rem; margin-block-end: 1.5rem; }
.receipt__business p { margin: 0; }
.receipt__business-name { font-size: 1.3rem; font-weight: 700; }
h1 { font-size: 1.5rem; margin-block: 0 1rem; }
h2 { font-size: 1rem; margin-block: 1.5rem 0.5rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1.5rem; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
ol { margin: 0; padding-inline-start: 1.5rem; }
li { overflow-wrap: anywhere; }
.receipt__total { display: flex; justify-content: space-between; gap: 1rem; margin-block: 1.5rem 0;
  padding-block-start: 1rem; border-block-start: 2px solid #1b1b1b; font-size: 1.2rem; font-weight: 700; }
.receipt__hint { margin-block: 1.5rem 0; color: #555; font-size: 0.9rem; }
@media (max-width: 30rem) {
  body { background: #fff; }
  .receipt { margin-block: 0; border: 0; border-radius: 0; padding: 1.25rem; }
  dl { grid-template-columns: 1fr; gap: 0 0; }
  dd { margin-block-end: 0.6rem; }
}
@media print {
  @page { margin: 15mm; }
  body { background: none; }
  .receipt { max-inline-size: none; margin: 0; padding: 0; border: 0; }
  .receipt__hint { display: none; }
}
`;

/**
 * The page's own Content-Security-Policy, in place of the site's: nothing but this exact stylesheet may apply, and no
 * script, picture, font, frame or form at all. The page needs none (printing is the browser's own command), so a
 * hostile name that slipped past escaping still could not run or load anything.
 */
export const RECEIPT_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLESHEET).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers a receipt page is sent with: HTML, its own policy, and never kept by any cache (it is one person's). */
export const RECEIPT_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': RECEIPT_PAGE_CSP,
  'cache-control': 'private, no-store',
};

/** Escaped text in its own direction: a Latin name or a number keeps its order inside a Hebrew or Arabic line. */
const bdi = (text: string, dir?: 'ltr') => `<bdi${dir ? ` dir="${dir}"` : ''}>${escapeHtml(text)}</bdi>`;

/**
 * A receipt as a printable HTML page, in the language of its order: a receipt is one document, and the client, the
 * photographer and the accountant should each read the same text in it, the one the client ordered and was told of
 * the payment in, whoever opens it and whatever their browser prefers. Every value is escaped; numbers, amounts,
 * names, e-mails and file names are isolated. The page works without JavaScript.
 */
export function renderReceiptPage(receipt: ReceiptRecord): string {
  const language = mailLanguage(receipt.language);
  const t = serverTranslator(language, 'sales');
  const method = serverTranslator(language, 'home')(`pricing.methods.${receipt.paymentMethod}`);
  const number = receiptNumberText(receipt);
  const { business, client } = receipt;
  const row = (label: string, value: string) => `<dt>${escapeHtml(label)}</dt><dd>${value}</dd>`;
  const businessLines = [
    `<p class="receipt__business-name">${bdi(business.name)}</p>`,
    business.registrationNumber
      ? `<p>${escapeHtml(t('receipt.page.registrationNumber'))} ${bdi(business.registrationNumber)}</p>`
      : '',
    business.address ? `<p>${bdi(business.address)}</p>` : '',
    business.phone ? `<p>${escapeHtml(t('receipt.page.phone'))} ${bdi(business.phone, 'ltr')}</p>` : '',
  ];
  const received = [client.name ? bdi(client.name) : '', client.email ? bdi(client.email, 'ltr') : '']
    .filter(Boolean)
    .join('<br>');
  const items = receipt.items.map((name) => `<li>${bdi(name, 'ltr')}</li>`).join('');
  return `<!doctype html>
<html lang="${language}" dir="${directionOf(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(`${t('receipt.numberLabel')} ${isolate(number)} · ${isolate(business.name)}`)}</title>
<style>${STYLESHEET}</style>
</head>
<body>
<main class="receipt">
<header class="receipt__business">${businessLines.join('')}</header>
<h1>${escapeHtml(t('receipt.numberLabel'))} ${bdi(number)}</h1>
<dl>${[
    row(t('receipt.page.receivedFrom'), received),
    row(t('receipt.page.paidOn'), bdi(formatBookingDate(receipt.paidOn, language))),
    row(t('receipt.page.method'), escapeHtml(method)),
    row(t('receipt.page.issuedOn'), bdi(formatBookingDate(receipt.issuedAt.slice(0, 10), language))),
  ].join('')}</dl>
<h2>${escapeHtml(t('receipt.page.items'))}</h2>
<ol>${items}</ol>
<p class="receipt__total"><span>${escapeHtml(t('receipt.page.total'))}</span> ${bdi(formatMoney({ amount: receipt.amount, currency: receipt.currency }, language))}</p>
<p class="receipt__hint">${escapeHtml(t('receipt.page.printHint'))}</p>
</main>
</body>
</html>
`;
}
