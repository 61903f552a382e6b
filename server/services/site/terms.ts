import { createHash } from 'node:crypto';
import type { Language } from '../../../shared/i18n/languages';
import { BOOKING_TERM_KEYS, BOOKING_TERMS, PRICE_CARDS } from '../../../shared/pricing';
import { paymentMethodsText, priceCardLines, priceCardPrice } from '../../../shared/pricing-text';
import type { TermsDocument } from '../../../shared/schemas/agreements';
import { serverTranslator } from '../../i18n/locale-files';

const documents = new Map<Language, TermsDocument>();

/**
 * The booking terms exactly as a client is shown them in one language: the conditions, the prices and the payment
 * methods, all built from the shared price list. The server builds the text and the browser only displays it, so
 * `version` (a SHA-256 of the text) proves which words were accepted. Any change to the text changes the version.
 */
export function termsDocument(language: Language): TermsDocument {
  const cached = documents.get(language);
  if (cached) return cached;
  const t = serverTranslator(language, 'contact');
  const home = serverTranslator(language, 'home');
  // The count each condition reads (its plural form follows it); the others have none.
  const counts: Partial<Record<(typeof BOOKING_TERM_KEYS)[number], number>> = {
    delivery: BOOKING_TERMS.deliveryBusinessDays,
    refund: BOOKING_TERMS.fullRefundHoursBeforeHeat,
  };
  const content = {
    language,
    title: t('terms.title'),
    sections: [
      {
        heading: t('terms.conditionsHeading'),
        items: BOOKING_TERM_KEYS.map((key) =>
          t(`terms.items.${key}`, counts[key] === undefined ? {} : { count: counts[key] }),
        ),
      },
      {
        heading: t('terms.pricesHeading'),
        items: PRICE_CARDS.map((card) =>
          [
            `${home(`pricing.${card.id}.title`)}: ${priceCardPrice(card, home, language)}`,
            ...priceCardLines(card, home, language),
          ].join(' · '),
        ),
      },
      { heading: t('terms.paymentHeading'), items: [paymentMethodsText(home)] },
    ],
  };
  const version = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  const document: TermsDocument = { ...content, version };
  documents.set(language, document);
  return document;
}
