import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../shared/i18n/languages';
import type { AdminMedia } from '../../../shared/schemas/admin';
import { FormMessage } from '../../components/FormMessage';
import { MediaImage } from '../../components/Media/MediaImage';
import { adminApi, adminKeys } from './admin-api';
import { formatBytes } from './format';
import { GalleryModeSwitch } from './GalleryModeSwitch';
import { HomePicksEditor } from './HomePicksEditor';
import { Uploader } from './Uploader';

type Message = { kind: 'error' | 'success' | 'info'; text: string } | null;

/** While any item is processing, the grid refreshes itself so new files appear as they become ready. */
const PROCESSING_POLL_MS = 2000;

function MediaTile({
  item,
  busy,
  onDelete,
  extra,
}: {
  item: AdminMedia;
  busy: boolean;
  onDelete: (item: AdminMedia) => void;
  extra?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('admin');
  return (
    <li className="admin-tile" data-testid="admin-media" data-name={item.name} data-status={item.status}>
      <div className="admin-tile__preview">
        {item.view ? (
          <MediaImage media={item.view} sizes="12rem" alt={item.name} />
        ) : (
          <span className="muted">{item.status === 'failed' ? t('folder.failed') : t('folder.processing')}</span>
        )}
      </div>
      <bdi className="admin-tile__name">{item.name}</bdi>
      <span className="muted">{formatBytes(item.size, i18n.language)}</span>
      <div className="admin-tile__actions">
        {extra}
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => onDelete(item)}>
          {t('folder.delete')}
        </button>
      </div>
    </li>
  );
}

/**
 * One folder: upload into it, its media grid with delete, the "fix existing files" repair and, for a client folder,
 * the "photos ready" e-mail; for the main gallery, reordering and the home-page picks. `working` disables every
 * action while one runs.
 */
export function FolderView({ folder, isMain }: { folder: string; isMain: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [mailLanguage, setMailLanguage] = useState<Language | ''>('');
  const query = useQuery({
    queryKey: adminKeys.folder(folder),
    queryFn: () => adminApi.folderMedia(folder),
    refetchInterval: (q) =>
      q.state.data?.items.some((item) => item.status === 'processing') ? PROCESSING_POLL_MS : false,
  });
  const items = query.data?.items ?? [];
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.folder(folder) });
    void queryClient.invalidateQueries({ queryKey: adminKeys.folders });
  };

  async function run(task: () => Promise<void>, failure: string) {
    setWorking(true);
    setMessage(null);
    try {
      await task();
    } catch {
      setMessage({ kind: 'error', text: failure });
    } finally {
      setWorking(false);
      refresh();
    }
  }

  const remove = (item: AdminMedia) => {
    if (!window.confirm(t('folder.confirmDelete'))) return;
    void run(async () => {
      await adminApi.deleteMedia(item.id);
      void queryClient.invalidateQueries({ queryKey: adminKeys.trash });
    }, t('folder.deleteFailed'));
  };

  const fix = () => {
    if (!window.confirm(t('folder.confirmFix'))) return;
    void run(async () => {
      let after: string | undefined;
      let done = 0;
      for (;;) {
        const step = await adminApi.fixMetadata(folder, after);
        done += step.processed;
        setMessage({ kind: 'info', text: t('folder.fixProgress', { done, total: step.total }) });
        if (!step.next) break;
        after = step.next;
      }
      setMessage({ kind: 'success', text: t('folder.fixDone', { total: done }) });
    }, t('folder.fixFailed'));
  };

  const notify = () =>
    void run(async () => {
      const sent = await adminApi.notify(folder, mailLanguage || undefined);
      setMessage({ kind: 'success', text: t('folder.notifySent', { email: sent.sentTo }) });
    }, t('folder.notifyFailed'));

  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((item) => item.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    void run(() => adminApi.reorderMainGallery(ids).then(() => undefined), t('folder.reorderFailed'));
  };

  return (
    <div className="folder-view">
      {isMain ? null : <GalleryModeSwitch folder={folder} />}
      <Uploader folder={folder} onUploaded={refresh} disabled={working} />
      <div className="admin-toolbar">
        <button type="button" className="button button--ghost" disabled={working || items.length === 0} onClick={fix}>
          {t('folder.fix')}
        </button>
        {isMain ? null : (
          <>
            <label className="admin-inline-field">
              <span>{t('folder.notifyLanguage')}</span>
              <select
                value={mailLanguage}
                disabled={working}
                onChange={(event) => setMailLanguage(event.currentTarget.value as Language | '')}
              >
                <option value="">—</option>
                {LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {LANGUAGE_NAMES[language]}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="button" disabled={working} onClick={notify}>
              {t('folder.notify')}
            </button>
          </>
        )}
      </div>
      {message ? <FormMessage kind={message.kind} text={message.text} /> : null}
      {isMain ? <HomePicksEditor items={items} disabled={working} /> : null}
      {query.isPending ? (
        <p className="muted">{t('common:loading')}</p>
      ) : query.isError ? (
        <FormMessage kind="error" text={t('folder.loadFailed')} />
      ) : items.length === 0 ? (
        <p className="muted">{t('folder.empty')}</p>
      ) : (
        <>
          <p className="muted">
            {t('folder.count', { count: items.length })} ·{' '}
            {formatBytes(
              items.reduce((sum, item) => sum + item.size, 0),
              i18n.language,
            )}
          </p>
          <ul className="admin-grid" aria-busy={working}>
            {items.map((item, index) => (
              <MediaTile
                key={item.id}
                item={item}
                busy={working}
                onDelete={remove}
                extra={
                  isMain ? (
                    <>
                      <button
                        type="button"
                        className="button button--ghost"
                        disabled={working || index === 0}
                        onClick={() => move(index, -1)}
                      >
                        {t('folder.moveUp')}
                      </button>
                      <button
                        type="button"
                        className="button button--ghost"
                        disabled={working || index === items.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        {t('folder.moveDown')}
                      </button>
                    </>
                  ) : null
                }
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
