import { formatShekels } from './money';
import { ADVERTISED_PAYMENT_METHODS, type PriceCard } from './pricing';

/** A translate function in the shape of i18next's `t`, so the same text is built in the browser and on the server. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The price shown in large type on a card ("₪60 per person"), in the `home` namespace's words. */
export function priceCardPrice(card: PriceCard, t: Translate, locale: string): string {
  return card.amount === null
    ? t('pricing.custom.price')
    : t(`pricing.${card.id}.price`, { amount: formatShekels(card.amount, locale) });
}

/** The detail lines under a card's price. */
export function priceCardLines(card: PriceCard, t: Translate, locale: string): string[] {
  const money = (amount: number | undefined) => formatShekels(amount ?? 0, locale);
  switch (card.id) {
    case 'entrance':
      return [
        t('pricing.entrance.deposit', { amount: money(card.details.deposit) }),
        t('pricing.entrance.additional', { amount: money(card.details.additionalHorse) }),
      ];
    case 'choice':
      return [
        t('pricing.choice.perImage'),
        t('pricing.choice.included', { count: card.details.includedImages ?? 0 }),
        t('pricing.choice.payForChosen'),
      ];
    case 'video':
      return [t('pricing.video.deposit', { amount: money(card.details.deposit) })];
    case 'custom':
      return [t('pricing.custom.detail')];
  }
}

/** "Bit · Cash · PayBox" in the reader's language. */
export function paymentMethodsText(t: Translate): string {
  return ADVERTISED_PAYMENT_METHODS.map((method) => t(`pricing.methods.${method}`)).join(' · ');
}
