import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRASH_RETENTION_DAYS } from '../../../../shared/schemas/admin';
import { FormMessage } from '../../../components/FormMessage';
import { MediaImage } from '../../../components/Media/MediaImage';
import { adminApi, adminKeys } from '../shared/admin-api';
import '../folders/bulk.css';
import { formatBytes, formatDateTime } from '../shared/format';
import { PanelItemsState } from '../shared/PanelQueryState';

/**
 * Deleted items with their thumbnails and the client they came from, restorable until the daily sweep removes them
 * 30 days after deletion.
 */
export function TrashPanel() {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: adminKeys.trash, queryFn: adminApi.trash });
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState(false);

  const restore = async (id: string, folder: string) => {
    setWorking(true);
    setFailed(false);
    try {
      await adminApi.restore(id);
      void queryClient.invalidateQueries({ queryKey: adminKeys.folder(folder) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.folders });
    } catch {
      setFailed(true);
    } finally {
      setWorking(false);
      void queryClient.invalidateQueries({ queryKey: adminKeys.trash });
    }
  };

  return (
    <div className="trash-panel">
      <p className="muted">{t('trash.intro', { count: TRASH_RETENTION_DAYS })}</p>
      <FormMessage kind="error" text={failed ? t('trash.restoreFailed') : null} />
      <PanelItemsState query={query} error={t('trash.loadFailed')} empty={t('trash.empty')}>
        {(items) => (
          <ul className="trash-list" aria-busy={working}>
            {items.map((item) => (
              <li key={item.id} className="trash-item" data-testid="trash-item" data-name={item.name}>
                <div className="trash-item__preview">
                  {item.view ? <MediaImage media={item.view} sizes="6rem" alt={item.name} /> : null}
                </div>
                <bdi className="trash-item__name">{item.name}</bdi>
                <span className="muted" data-testid="trash-owner">
                  {item.owner ? (
                    <>
                      {t('trash.client')}: <bdi>{item.owner.name ?? item.owner.email}</bdi>
                    </>
                  ) : (
                    t('tabs.mainGallery')
                  )}{' '}
                  · <bdi>{formatBytes(item.size, i18n.language)}</bdi>
                </span>
                <span className="muted">
                  {t('trash.deletedAt')}: {item.deletedAt ? formatDateTime(item.deletedAt, i18n.language) : ''} ·{' '}
                  {t('trash.purgeAt')} {item.purgeAt ? formatDateTime(item.purgeAt, i18n.language) : ''}
                </span>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={working}
                  onClick={() => void restore(item.id, item.folder)}
                >
                  {t('trash.restore')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </PanelItemsState>
    </div>
  );
}
