import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminMedia } from '../../../../shared/schemas/admin';
import type { MediaVersion, MediaVersionList } from '../../../../shared/schemas/media-versions';
import { apiFetch } from '../../../api/client';
import { errorMessageKey } from '../../../api/error-messages';
import { Dialog } from '../../../components/Dialog';
import { FormMessage } from '../../../components/FormMessage';
import { QueryState } from '../../../components/QueryState';
import { adminKeys } from '../shared/admin-api';

const versionsUrl = (id: string) => `/api/admin/media/${encodeURIComponent(id)}/versions`;

/** A day as the panel's language writes it. */
const day = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

/**
 * The originals an edited version replaced, kept for 30 days: each with the name it was uploaded under, when it was
 * replaced and until when it is kept, and a way to put it back. Restoring remakes the item's pictures in the
 * background, so the folder shows the restored photo once they are ready.
 */
export function VersionsDialog({ item, folder, onClose }: { item: AdminMedia; folder: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(['sales', 'common']);
  const queryClient = useQueryClient();
  const versions = useQuery({
    queryKey: ['admin', 'versions', item.id],
    queryFn: () => apiFetch<MediaVersionList>(versionsUrl(item.id)),
  });
  const restore = useMutation({
    mutationFn: (version: MediaVersion) =>
      apiFetch(`${versionsUrl(item.id)}/${encodeURIComponent(version.id)}/restore`, { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.folder(folder) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'versions', item.id] });
    },
  });
  return (
    <Dialog title={t('edits.versions.title')} onClose={onClose}>
      <p className="dialog__text">
        {t('edits.versions.intro')} <bdi>{item.name}</bdi>
      </p>
      <QueryState
        query={versions}
        look="panel"
        loading={t('common:loading')}
        error={t('edits.versions.loadFailed')}
        isEmpty={(data) => data.items.length === 0}
        empty={t('edits.versions.empty')}
      >
        {(data) => (
          <ul className="versions-list" data-testid="versions">
            {data.items.map((version) => (
              <li key={version.id} className="versions-list__item">
                <bdi className="versions-list__name">{version.uploadedName}</bdi>
                <span className="muted">
                  {t('edits.versions.replaced', { date: day(version.replacedAt, i18n.language) })}{' '}
                  {t('edits.versions.keptUntil', { date: day(version.purgeAt, i18n.language) })}
                </span>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={restore.isPending}
                  onClick={() => restore.mutate(version)}
                >
                  {t('edits.versions.restore')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {restore.isSuccess ? <FormMessage kind="success" text={t('edits.versions.restoring')} /> : null}
      {restore.isError ? <FormMessage kind="error" text={t(errorMessageKey(restore.error))} /> : null}
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('edits.versions.close')}
        </button>
      </div>
    </Dialog>
  );
}
