import { useTranslation } from 'react-i18next';
import { BOOKING_TERMS } from '../../../shared/pricing';
import { Link } from '../../router';

export function BookNowBand() {
  const { t } = useTranslation('home');
  return (
    <section className="book-band container" aria-labelledby="book-title">
      <div className="book-band__inner">
        <div>
          <h2 id="book-title">{t('book.title')}</h2>
          <p className="muted">{t('book.text', { count: BOOKING_TERMS.deliveryBusinessDays })}</p>
        </div>
        <Link to="/contact" className="button">
          {t('book.cta')}
        </Link>
      </div>
    </section>
  );
}
