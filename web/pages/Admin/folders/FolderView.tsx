import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMedia } from '../../../../shared/schemas/admin';
import { ApiError } from '../../../api/client';
import { errorMessageKey } from '../../../api/error-messages';
import { useConfirm } from '../../../components/Dialog';
import { useNotice } from '../../../components/Notice';
import { adminApi, adminKeys } from '../shared/admin-api';
import { formatBytes } from '../shared/format';
import { PanelQueryState } from '../shared/PanelQueryState';
import { UploadEditsButton } from '../uploads/UploadEdits';
import { Uploader } from '../uploads/Uploader';
import { GalleryModeSwitch } from './GalleryModeSwitch';
import { HomePicksEditor } from './HomePicksEditor';
import { MediaGrid } from './MediaGrid';
import { PhotosReadyControl } from './PhotosReadyControl';

/** While any item is processing, the grid refreshes itself so new files appear as they become ready. */
const PROCESSING_POLL_MS = 2000;

/**
 * One folder: upload into it, upload edits onto its items, its media grid with delete, the "fix existing files"
 * repair and, for a client folder, the "photos ready" e-mail; for the main gallery, reordering and the home-page
 * picks. `working` disables every action while one runs.
 */
export function FolderView({ folder, isMain }: { folder: string; isMain: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [working, setWorking] = useState(false);
  const notice = useNotice();
  const [confirm, confirmDialog] = useConfirm();
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

  async function run(task: () => Promise<void>, failure: string | ((error: unknown) => string)) {
    setWorking(true);
    notice.clear();
    try {
      await task();
    } catch (error) {
      notice.show('error', typeof failure === 'string' ? failure : failure(error));
    } finally {
      setWorking(false);
      refresh();
    }
  }

  const remove = async (item: AdminMedia) => {
    if (!(await confirm({ title: t('folder.confirmDelete'), confirmLabel: t('folder.delete'), tone: 'danger' })))
      return;
    void run(async () => {
      await adminApi.deleteMedia(item.id);
      void queryClient.invalidateQueries({ queryKey: adminKeys.trash });
    }, t('folder.deleteFailed'));
  };

  const fix = async () => {
    if (
      !(await confirm({
        title: t('folder.confirmFix'),
        text: t('folder.confirmFixText'),
        confirmLabel: t('folder.fix'),
      }))
    )
      return;
    void run(async () => {
      let after: string | undefined;
      let done = 0;
      for (;;) {
        const step = await adminApi.fixMetadata(folder, after);
        done += step.processed;
        notice.show('info', t('folder.fixProgress', { done, count: step.total }));
        if (!step.next) break;
        after = step.next;
      }
      notice.show('success', t('folder.fixDone', { count: done }));
    }, t('folder.fixFailed'));
  };

  return (
    <div className="folder-view">
      {isMain ? null : <GalleryModeSwitch folder={folder} />}
      <Uploader folder={folder} onUploaded={refresh} disabled={working} />
      <div className="admin-toolbar">
        <button type="button" className="button button--ghost" disabled={working || items.length === 0} onClick={fix}>
          {t('folder.fix')}
        </button>
        <UploadEditsButton folder={folder} items={items} disabled={working || items.length === 0} />
        {isMain ? null : (
          <PhotosReadyControl
            folder={folder}
            readyCount={items.filter((item) => item.status === 'ready').length}
            disabled={working}
            run={run}
            onSent={(text) => notice.show('success', text)}
          />
        )}
      </div>
      {notice.element}
      {confirmDialog}
      {isMain ? <HomePicksEditor items={items} disabled={working} /> : null}
      <PanelQueryState
        query={query}
        error={t('folder.loadFailed')}
        isEmpty={() => items.length === 0}
        empty={t('folder.empty')}
      >
        {() => (
          <>
            <p className="muted">
              {t('folder.count', { count: items.length })} ·{' '}
              {formatBytes(
                items.reduce((sum, item) => sum + item.size, 0),
                i18n.language,
              )}
            </p>
            <MediaGrid
              folder={folder}
              isMain={isMain}
              items={items}
              working={working}
              run={run}
              confirm={confirm}
              say={(text) => notice.show('success', text)}
              failureText={(error, fallback) => (error instanceof ApiError ? t(errorMessageKey(error)) : fallback)}
              onDelete={(item) => void remove(item)}
            />
          </>
        )}
      </PanelQueryState>
    </div>
  );
}
