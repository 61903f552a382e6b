import { useTranslation } from 'react-i18next';
import { Link } from '../../../router';
import { tabPath } from '../shared/admin-paths';
import { PanelQueryState } from '../shared/PanelQueryState';
import { rowCounts, TODAY_ROWS, useLocalUploadsInProgress, useTodayCounts } from './today-api';
import './today.css';

/**
 * Today: what waits for the photographer, one row each, linking to the tab where it is dealt with. A row with nothing
 * says so calmly; when nothing waits at all, one line says that everything is done.
 */
export function TodayPage() {
  const { t } = useTranslation('admin');
  const counts = useTodayCounts();
  const localUploads = useLocalUploadsInProgress();
  return (
    <section className="today" aria-labelledby="today-title">
      <h2 id="today-title" className="admin-subtitle">
        {t('today.title')}
      </h2>
      <PanelQueryState query={counts} error={t('today.loadFailed')}>
        {(data) => {
          const rows = rowCounts(data, localUploads);
          const allClear = Object.values(rows).every((count) => count === 0);
          return (
            <>
              {allClear && (
                <p className="today__all-clear" data-testid="today-all-clear">
                  {t('today.allClear')}
                </p>
              )}
              <ul className="today__rows">
                {TODAY_ROWS.map(({ kind, tab }) => {
                  const count = rows[kind];
                  return (
                    <li key={kind}>
                      <Link
                        to={tabPath(tab)}
                        className={`today__row${count > 0 ? ' today__row--waiting' : ''}`}
                        data-testid="today-row"
                        data-kind={kind}
                        data-count={count}
                      >
                        <span className="today__label">{t(`today.${kind}.label`)}</span>
                        <span className="today__count">
                          {count > 0 ? (
                            <>
                              <span className="admin-tab__badge" aria-hidden="true">
                                {count}
                              </span>
                              <span className="today__count-text">{t(`today.${kind}.count`, { count })}</span>
                            </>
                          ) : (
                            t('today.nothing')
                          )}
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </>
          );
        }}
      </PanelQueryState>
    </section>
  );
}
