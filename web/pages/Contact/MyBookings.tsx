import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { bookingApi, MY_BOOKINGS_QUERY_KEY } from './booking-api';

/** The client's own booking requests and where each stands; nothing while there are none. */
export function MyBookings() {
  const { t, i18n } = useTranslation('booking');
  const language = currentLanguage(i18n);
  const mine = useQuery({ queryKey: MY_BOOKINGS_QUERY_KEY, queryFn: bookingApi.mine });
  const items = mine.data?.items ?? [];
  if (items.length === 0) return null;
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <section className="contact__section" aria-labelledby="my-bookings-heading">
      <h2 id="my-bookings-heading">{t('mine.title')}</h2>
      <ul className="my-bookings">
        {items.map((booking) => (
          <li key={booking.id} className="my-bookings__item card">
            <span>
              <bdi>{booking.event}</bdi> · <bdi>{day.format(new Date(`${booking.date}T00:00:00Z`))}</bdi>
            </span>
            <span className={`booking-status booking-status--${booking.status}`}>{t(`status.${booking.status}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
