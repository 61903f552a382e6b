import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES } from '../../../../shared/i18n/languages';
import { AdminPanel } from '../shared/AdminPanel';
import { adminApi, adminKeys } from '../shared/admin-api';
import { formatDateTime } from '../shared/format';
import { PanelItemsState } from '../shared/PanelQueryState';

/** Who accepted the booking terms, when, which version and in which language; with a CSV export. */
export function AgreementsPanel() {
  const { t, i18n } = useTranslation('contact');
  const query = useQuery({ queryKey: adminKeys.agreements, queryFn: adminApi.agreements });
  return (
    <AdminPanel
      className="agreements-panel"
      titleId="agreements-title"
      title={t('admin.title')}
      actions={
        <a className="button button--ghost" href="/api/admin/agreements.csv" download>
          {t('admin.export')}
        </a>
      }
    >
      <PanelItemsState query={query} error={t('admin.loadFailed')} empty={t('admin.empty')}>
        {(items) => (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.who')}</th>
                <th scope="col">{t('admin.when')}</th>
                <th scope="col">{t('admin.version')}</th>
                <th scope="col">{t('admin.language')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-testid="agreement-row">
                  <td>
                    <bdi dir="ltr">{item.email ?? item.userId}</bdi>
                  </td>
                  <td>{formatDateTime(item.agreedAt, i18n.language)}</td>
                  <td>
                    <code title={item.termsVersion}>{item.termsVersion.slice(0, 8)}</code>
                  </td>
                  <td>{isLanguage(item.language) ? LANGUAGE_NAMES[item.language] : item.language}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PanelItemsState>
    </AdminPanel>
  );
}
