import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaView } from '../../../shared/schemas/media';
import { downloadItem } from './download';

/** The lightbox's Download button for one item of the private gallery. */
export function DownloadButton({ item }: { item: MediaView }) {
  const { t } = useTranslation('gallery');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-busy={busy}
        onClick={async () => {
          setBusy(true);
          setFailed(false);
          try {
            await downloadItem(item);
          } catch {
            setFailed(true);
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? t('lightbox.downloading') : t('lightbox.download')}
      </button>
      {failed ? (
        <p className="lightbox__error" role="alert">
          {t('lightbox.downloadFailed')}
        </p>
      ) : null}
    </>
  );
}
