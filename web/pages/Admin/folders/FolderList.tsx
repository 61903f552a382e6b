import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../router';
import { adminApi, adminKeys } from '../shared/admin-api';
import { folderPath } from '../shared/admin-paths';
import '../clients/clients.css';
import { formatBytes, formatDateTime } from '../shared/format';
import { matchesNameOrEmail, NameOrEmailSearch } from '../shared/NameOrEmailSearch';
import { PanelQueryState } from '../shared/PanelQueryState';
import { RowHead } from '../shared/RowHead';

/**
 * Every client folder with its owner, item count, size and last upload; searchable by name or e-mail. One card a
 * folder (the clients tab's card styles): cards wrap into columns on a wide screen and stack on a phone, where a
 * six-column table would not fit.
 */
export function FolderList() {
  const { t, i18n } = useTranslation('admin');
  const query = useQuery({ queryKey: adminKeys.folders, queryFn: adminApi.folders });
  const [search, setSearch] = useState('');
  return (
    <PanelQueryState query={query} error={t('folders.loadFailed')}>
      {(data) => {
        const items = data.items.filter((item) => matchesNameOrEmail(search, item.name, item.email));
        return (
          <div className="folder-list">
            <NameOrEmailSearch value={search} onChange={setSearch} />
            {data.items.length === 0 ? (
              <p className="muted">{t('folders.empty')}</p>
            ) : items.length === 0 ? (
              <p className="muted">{t('folders.noMatch')}</p>
            ) : (
              <ul className="client-list client-list--grid">
                {items.map((item) => (
                  <li key={item.folder} className="client-row" data-testid="admin-folder" data-folder={item.folder}>
                    <RowHead name={item.name ?? '—'}>
                      <bdi dir="ltr" className="client-row__email">
                        {item.email}
                      </bdi>
                    </RowHead>
                    <dl className="admin-facts client-row__facts">
                      <div>
                        <dt>{t('folders.items')}</dt>
                        <dd>{item.itemCount.toLocaleString(i18n.language)}</dd>
                      </div>
                      <div>
                        <dt>{t('folders.size')}</dt>
                        <dd>{formatBytes(item.totalSize, i18n.language)}</dd>
                      </div>
                      <div>
                        <dt>{t('folders.lastUpload')}</dt>
                        <dd>{item.lastUpload ? formatDateTime(item.lastUpload, i18n.language) : t('folders.never')}</dd>
                      </div>
                    </dl>
                    <div className="client-row__actions">
                      <Link className="button button--ghost" to={folderPath(item.folder)}>
                        {t('folders.open')}
                        <span className="visually-hidden">
                          {' '}
                          <bdi>{item.name ?? item.email}</bdi>
                        </span>
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      }}
    </PanelQueryState>
  );
}
