import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/money';
import { telHref } from '../../../../shared/phone';
import { BOOKING_STATUSES, type BookingStatus, type BookingView } from '../../../../shared/schemas/booking';
import { FormMessage } from '../../../components/FormMessage';
import { LoadingLine } from '../../../components/QueryState';
import { useNamespace } from '../../../hooks/useNamespace';
import { currentLanguage } from '../../../i18n';
import { formatDateTime } from '../shared/format';
import { bookingAdminApi, bookingAdminKeys } from './booking-admin-api';
import './bookings.css';
import { AdminPanel } from '../shared/AdminPanel';
import { PanelItemsState } from '../shared/PanelQueryState';

/** One request as a card (it reads the same on a phone at the showground and on a desktop), with its status. */
function BookingCard({ booking }: { booking: BookingView }) {
  const { t, i18n } = useTranslation('booking');
  const home = useTranslation('home').t;
  const mail = (key: string) => t(`fields.${key}`);
  const language = currentLanguage(i18n);
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (status: BookingStatus) => bookingAdminApi.setStatus(booking.id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingAdminKeys.bookings }),
  });
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
  const money = (value: BookingView['total']) => (value ? formatMoney(value, language) : null);
  const statusId = `booking-status-${booking.id}`;
  return (
    <li className={`booking-card card booking-card--${booking.status}`}>
      <div className="booking-card__head">
        <h3>
          <bdi>{booking.event}</bdi> · <bdi>{day.format(new Date(`${booking.date}T00:00:00Z`))}</bdi>
        </h3>
        <span className="muted">{t('admin.received', { date: formatDateTime(booking.createdAt, language) })}</span>
      </div>
      <dl className="booking-card__details">
        <dt>{mail('riderName')}</dt>
        <dd>
          <bdi>{booking.riderName}</bdi>
        </dd>
        <dt>{mail('horses')}</dt>
        <dd>
          {booking.horses.map((horse, index) => (
            // A stored request's horses never change order, and two may share a name.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <span key={index} className="booking-card__horse">
              <bdi>{horse.name}</bdi> (<bdi>{horse.heat}</bdi>)
            </span>
          ))}
        </dd>
        <dt>{mail('package')}</dt>
        <dd>{home(`pricing.${booking.package}.title`)}</dd>
        <dt>{t('price.total')}</dt>
        <dd>
          <bdi>
            {money(booking.total) ?? t(booking.package === 'custom' ? 'price.afterConsultation' : 'price.byChoice')}
          </bdi>
        </dd>
        {booking.deposit && (
          <>
            <dt>{t('price.deposit')}</dt>
            <dd>
              <bdi>{money(booking.deposit)}</bdi>
            </dd>
          </>
        )}
        <dt>{mail('phone')}</dt>
        <dd>
          <a href={telHref(booking.phone)}>
            <bdi dir="ltr">{booking.phone}</bdi>
          </a>
        </dd>
        <dt>{t('admin.client')}</dt>
        <dd>
          <a href={`mailto:${booking.email}`}>
            <bdi dir="ltr">{booking.email}</bdi>
          </a>
        </dd>
        {booking.note && (
          <>
            <dt>{mail('note')}</dt>
            <dd dir="auto">{booking.note}</dd>
          </>
        )}
      </dl>
      <div className="booking-card__status">
        <label htmlFor={statusId}>{t('admin.statusLabel')}</label>
        <select
          id={statusId}
          value={change.isPending && change.variables ? change.variables : booking.status}
          disabled={change.isPending}
          onChange={(event) => change.mutate(event.target.value as BookingStatus)}
        >
          {BOOKING_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`admin.statuses.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <FormMessage kind="error" text={change.isError ? t('admin.saveFailed') : null} />
    </li>
  );
}

/** The booking requests, newest first, each with its status for the photographer to change. */
export function BookingsPanel() {
  const { t } = useTranslation('booking');
  const textsReady = useNamespace('booking');
  const query = useQuery({ queryKey: bookingAdminKeys.bookings, queryFn: bookingAdminApi.bookings });
  if (!textsReady) return <LoadingLine text={t('common:loading')} announce={false} />;
  return (
    <AdminPanel titleId="bookings-title" title={t('admin.title')} actions={null}>
      <PanelItemsState query={query} error={t('admin.loadFailed')} empty={t('admin.empty')}>
        {(items) => (
          <ul className="booking-cards">
            {items.map((booking) => (
              <BookingCard key={booking.id} booking={booking} />
            ))}
          </ul>
        )}
      </PanelItemsState>
    </AdminPanel>
  );
}
