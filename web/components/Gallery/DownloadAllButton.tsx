import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadArchive, downloadNeedsConnection } from './download';

/**
 * Download all: the folder's ZIP, handed to the browser's own download (streamed to disk, with the browser's progress).
 * `count` is how many items the gallery holds (null while it is not known yet): with nothing to download the button is
 * disabled and says why. After a press, a line says where the file went, or, offline, that a connection is needed.
 */
export function DownloadAllButton({ count }: { count: number | null }) {
  const { t } = useTranslation('gallery');
  const [note, setNote] = useState<'started' | 'offline' | null>(null);
  const hintId = useId();
  const empty = count === 0;
  return (
    <div className="download-all">
      <button
        type="button"
        className="button"
        disabled={count === null || empty}
        aria-describedby={empty ? hintId : undefined}
        onClick={() => {
          if (downloadNeedsConnection()) {
            setNote('offline');
            return;
          }
          downloadArchive();
          setNote('started');
        }}
      >
        {t('downloadAll.button')}
      </button>
      {empty ? (
        <span id={hintId} className="muted download-all__note">
          {t('downloadAll.empty')}
        </span>
      ) : null}
      <span className="muted download-all__note" role="status">
        {note && !empty ? t(note === 'started' ? 'downloadAll.started' : 'offline.download') : ''}
      </span>
    </div>
  );
}
