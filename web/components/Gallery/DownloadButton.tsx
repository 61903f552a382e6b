import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaView } from '../../../shared/schemas/media';
import { downloadItem, downloadNeedsConnection } from './download';

/** The lightbox's Download button for one item of the private gallery; offline, it says a connection is needed. */
export function DownloadButton({ item }: { item: MediaView }) {
  const { t } = useTranslation('gallery');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<'failed' | 'offline' | null>(null);
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-busy={busy}
        onClick={async () => {
          if (downloadNeedsConnection()) {
            setFailed('offline');
            return;
          }
          setBusy(true);
          setFailed(null);
          try {
            await downloadItem(item);
          } catch {
            setFailed('failed');
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? t('lightbox.downloading') : t('lightbox.download')}
      </button>
      {failed ? (
        <p className="lightbox__error" role="alert">
          {t(failed === 'offline' ? 'offline.download' : 'lightbox.downloadFailed')}
        </p>
      ) : null}
    </>
  );
}
