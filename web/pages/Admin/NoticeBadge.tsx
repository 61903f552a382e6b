import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeKind } from '../../../shared/schemas/booking';
import { bookingAdminApi, bookingAdminKeys } from './bookings/booking-admin-api';
import './bookings/bookings.css';

/** The tab where each kind of news shows (the same tabs the photographer's e-mails link to). */
const KIND_OF_TAB: Readonly<Record<string, NoticeKind>> = {
  clients: 'signup',
  agreements: 'agreement',
  bookings: 'booking',
  orders: 'payment',
};

/**
 * How many sign-ups, acceptances, booking requests or reported payments arrived since the photographer last opened this tab. Opening
 * the tab clears its count, on the server, so another device shows it cleared too.
 */
export function NoticeBadge({ tab, active }: { tab: string; active: boolean }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const kind = KIND_OF_TAB[tab];
  const counts = useQuery({ queryKey: bookingAdminKeys.notices, queryFn: bookingAdminApi.notices, staleTime: 30_000 });
  const count = kind ? (counts.data?.[kind] ?? 0) : 0;

  useEffect(() => {
    if (!kind || !active || count === 0) return;
    bookingAdminApi.seen(kind).then(
      (fresh) => queryClient.setQueryData(bookingAdminKeys.notices, fresh),
      () => {
        // The badge stays until the next try; nothing else depends on it.
      },
    );
  }, [kind, active, count, queryClient]);

  if (count === 0 || active) return null;
  return (
    <span className="admin-tab__badge">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t('tabs.newCount', { count })}</span>
    </span>
  );
}
