import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEB_SIZE_PIXELS } from '../../../shared/archive-paths';
import { useNamespace } from '../../hooks/useNamespace';
import { downloadNeedsConnection } from '../Gallery/download';
import './sale.css';

/**
 * Download All at a size the client chooses: the pictures at web size (the site's 2400 px renditions, light enough for
 * a phone and for sharing) or the original files. Each is a plain link the browser downloads itself, streamed to disk
 * with its own progress (the server answers as an attachment with the file's name), so nothing passes through the
 * page. A delivered order and a client's delivered gallery both offer it this way. Offline, a press starts nothing and
 * the line under the links says a connection is needed.
 */
export function DownloadAllChoice({
  count,
  links,
}: {
  /** How many items the archive holds; null while it is not known. */
  count: number | null;
  links: { web: string; full: string };
}) {
  const { t } = useTranslation(['sales', 'gallery']);
  const ready = useNamespace('sales');
  const [note, setNote] = useState<'started' | 'offline' | null>(null);
  if (!ready) return null;
  const start = (event: React.MouseEvent) => {
    if (downloadNeedsConnection()) {
      event.preventDefault();
      setNote('offline');
    } else setNote('started');
  };
  return (
    <fieldset className="download-choice" data-testid="download-all">
      <legend className="download-choice__title">
        {count === null ? t('delivery.downloadAllUncounted') : t('delivery.downloadAll', { count })}
      </legend>
      <div className="download-choice__sizes">
        <a className="button" href={links.web} download onClick={start}>
          {t('delivery.webSize', { pixels: WEB_SIZE_PIXELS })}
        </a>
        <a className="button button--ghost" href={links.full} download onClick={start}>
          {t('delivery.fullSize')}
        </a>
      </div>
      <p className="muted download-choice__hint">{t('delivery.sizesHint')}</p>
      <p className="muted download-choice__hint" role="status">
        {note ? t(note === 'started' ? 'gallery:downloadAll.started' : 'gallery:offline.download') : ''}
      </p>
    </fieldset>
  );
}
