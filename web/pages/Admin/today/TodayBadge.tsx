import { useTranslation } from 'react-i18next';
import { useTodayTotal } from './today-api';

/** The number of things waiting today, on the Today tab and the bottom bar's Today; nothing when there are none. */
export function TodayBadge() {
  const { t } = useTranslation('admin');
  const total = useTodayTotal();
  if (!total) return null;
  return (
    <span className="admin-tab__badge" data-testid="today-badge">
      <span aria-hidden="true">{total}</span>
      <span className="visually-hidden">{t('today.waiting', { count: total })}</span>
    </span>
  );
}
