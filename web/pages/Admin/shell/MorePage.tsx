import { useTranslation } from 'react-i18next';
import { Link } from '../../../router';
import { NoticeBadge } from '../NoticeBadge';
import { tabPath } from '../shared/admin-paths';
import { MORE_TABS } from './admin-tabs';

/** /admin/more: every tab the bottom bar has no room for, as large rows with their news counts. */
export function MorePage() {
  const { t } = useTranslation('admin');
  return (
    <section aria-labelledby="admin-more-title">
      <h2 id="admin-more-title" className="admin-subtitle">
        {t('nav.moreTitle')}
      </h2>
      <ul className="admin-more">
        {MORE_TABS.map((tab) => (
          <li key={tab}>
            <Link to={tabPath(tab)} className="admin-more__row" data-testid="more-row" data-tab={tab}>
              <span className="admin-more__label">{t(`tabs.${tab}`)}</span>
              <NoticeBadge tab={tab} active={false} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
