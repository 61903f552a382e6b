import { useTranslation } from 'react-i18next';
import { Link } from '../../../router';
import { NoticeBadge } from '../NoticeBadge';
import { tabPath } from '../shared/admin-paths';
import { TodayBadge } from '../today/TodayBadge';
import { BAR, barPlaceOf, type Place } from './admin-tabs';
import { PlaceIcon } from './icons';

/**
 * The phone's five destinations, fixed at the bottom within a thumb's reach (hidden on a desk). The open one is
 * `aria-current="page"`; a tab reached through More marks More as the current section.
 */
export function BottomBar({ place }: { place: Place }) {
  const { t } = useTranslation('admin');
  const current = barPlaceOf(place);
  return (
    <nav className="admin-bottom-bar" aria-label={t('nav.label')} data-testid="admin-bottom-bar">
      {BAR.map((item) => {
        const isCurrent = current === item.place;
        return (
          <Link
            key={item.place}
            to={tabPath(item.place)}
            className="admin-bottom-bar__link"
            data-testid="bottom-bar-link"
            data-place={item.place}
            aria-current={isCurrent ? (place === item.place ? 'page' : 'true') : undefined}
          >
            <span className="admin-bottom-bar__icon">
              <PlaceIcon place={item.place} />
              {item.place === 'today' ? <TodayBadge /> : <NoticeBadge tab={item.place} active={isCurrent} />}
            </span>
            <span className="admin-bottom-bar__label">{t(item.label)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
