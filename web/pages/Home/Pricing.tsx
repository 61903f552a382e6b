import { useTranslation } from 'react-i18next';
import { PRICE_CARDS } from '../../../shared/pricing';
import { paymentMethodsText, priceCardLines, priceCardPrice } from '../../../shared/pricing-text';

/** The four price cards, built from the shared price list and formatted for the visitor's locale. */
export function Pricing() {
  const { t, i18n } = useTranslation('home');
  const translate = (key: string, values?: Record<string, string | number>) => t(key, values ?? {});
  return (
    <section className="pricing" aria-labelledby="pricing-title">
      <div className="container">
        <div className="section-heading">
          <h2 id="pricing-title">{t('pricing.title')}</h2>
          <p className="muted">{t('pricing.subtitle')}</p>
        </div>
        <ul className="pricing__cards">
          {PRICE_CARDS.map((card) => (
            <li key={card.id} className="price-card" data-card={card.id}>
              <h3 className="price-card__title">{t(`pricing.${card.id}.title`)}</h3>
              <p className="price-card__price">{priceCardPrice(card, translate, i18n.language)}</p>
              <ul className="price-card__lines">
                {priceCardLines(card, translate, i18n.language).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className="pricing__payment">
          <strong>{t('pricing.paymentTitle')}:</strong> {paymentMethodsText(translate)}
        </p>
      </div>
    </section>
  );
}
