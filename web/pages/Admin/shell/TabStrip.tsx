import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../router';
import { NoticeBadge } from '../NoticeBadge';
import { tabPath } from '../shared/admin-paths';
import { TodayBadge } from '../today/TodayBadge';
import { type Place, TABS } from './admin-tabs';

/** The desk's row of tabs (hidden on a phone, where the bottom bar stands in for it). */
export function TabStrip({ place }: { place: Place }) {
  const { t } = useTranslation('admin');
  useEffect(() => {
    // A narrow window scrolls the row within itself: bring the open tab into sight (after a reload or Back).
    document.getElementById(`admin-tab-${place}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [place]);
  return (
    <nav className="admin-tabs" aria-label={t('tabs.label')}>
      <div className="admin-tabs__list" role="tablist">
        {TABS.map((name) => (
          <Link
            key={name}
            to={tabPath(name)}
            role="tab"
            id={`admin-tab-${name}`}
            aria-selected={place === name}
            aria-controls="admin-tabpanel"
            className={`admin-tab${place === name ? ' admin-tab--active' : ''}`}
          >
            {t(`tabs.${name}`)}
            {name === 'today' ? <TodayBadge /> : <NoticeBadge tab={name} active={place === name} />}
          </Link>
        ))}
      </div>
    </nav>
  );
}
