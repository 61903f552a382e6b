import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../components/FormMessage';
import { adminApi, adminKeys } from './admin-api';
import { formatBytes, formatDateTime } from './format';
import { NameOrEmailSearch } from './NameOrEmailSearch';

/** Every client folder with its owner, item count, size and last upload; searchable by name or e-mail. */
export function FolderList({ onOpen }: { onOpen: (folder: string, label: string) => void }) {
  const { t, i18n } = useTranslation('admin');
  const query = useQuery({ queryKey: adminKeys.folders, queryFn: adminApi.folders });
  const [search, setSearch] = useState('');
  if (query.isPending) return <p className="muted">{t('common:loading')}</p>;
  if (query.isError) return <FormMessage kind="error" text={t('folders.loadFailed')} />;
  const needle = search.trim().toLowerCase();
  const items = query.data.items.filter(
    (item) => !needle || item.email.includes(needle) || (item.name ?? '').toLowerCase().includes(needle),
  );
  return (
    <div className="folder-list">
      <NameOrEmailSearch value={search} onChange={setSearch} />
      {query.data.items.length === 0 ? (
        <p className="muted">{t('folders.empty')}</p>
      ) : items.length === 0 ? (
        <p className="muted">{t('folders.noMatch')}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('folders.name')}</th>
              <th scope="col">{t('folders.email')}</th>
              <th scope="col">{t('folders.items')}</th>
              <th scope="col">{t('folders.size')}</th>
              <th scope="col">{t('folders.lastUpload')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('folders.open')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.folder} data-testid="admin-folder" data-folder={item.folder}>
                <td>
                  <bdi>{item.name ?? '—'}</bdi>
                </td>
                <td>
                  <bdi dir="ltr">{item.email}</bdi>
                </td>
                <td>{item.itemCount.toLocaleString(i18n.language)}</td>
                <td>{formatBytes(item.totalSize, i18n.language)}</td>
                <td>{item.lastUpload ? formatDateTime(item.lastUpload, i18n.language) : t('folders.never')}</td>
                <td>
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => onOpen(item.folder, item.name ?? item.email)}
                  >
                    {t('folders.open')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
