import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEB_SIZE_PIXELS } from '../../../shared/archive-paths';
import { useNamespace } from '../../hooks/useNamespace';
import './sale.css';

/**
 * Download All at a size the client chooses: the pictures at web size (the site's 2400 px renditions, light enough for
 * a phone and for sharing) or the original files. Each is a plain link the browser downloads itself, streamed to disk
 * with its own progress (the server answers as an attachment with the file's name), so nothing passes through the
 * page. A delivered order and a client's delivered gallery both offer it this way.
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
  const [started, setStarted] = useState(false);
  if (!ready) return null;
  const start = () => setStarted(true);
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
        {started ? t('gallery:downloadAll.started') : ''}
      </p>
    </fieldset>
  );
}
