import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ArchiveProgress, downloadArchive } from './download';

/** Spells a byte count the way people read it, in the page's language. */
function formatBytes(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** Download all: the folder's ZIP, with a busy label and a progress bar of bytes received out of the total. */
export function DownloadAllButton() {
  const { t, i18n } = useTranslation('gallery');
  const [progress, setProgress] = useState<ArchiveProgress | null>(null);
  const [failed, setFailed] = useState(false);
  const busy = progress !== null;

  const start = async () => {
    setFailed(false);
    setProgress({ received: 0, total: null });
    try {
      await downloadArchive(setProgress);
    } catch {
      setFailed(true);
    } finally {
      setProgress(null);
    }
  };

  const done = progress ? formatBytes(progress.received, i18n.language) : '';
  const total = progress?.total ? formatBytes(progress.total, i18n.language) : null;
  return (
    <div className="download-all">
      <button type="button" className="button" onClick={() => void start()} disabled={busy} aria-busy={busy}>
        {busy ? t('downloadAll.busy') : t('downloadAll.button')}
      </button>
      {progress ? (
        <div className="download-all__progress">
          <progress
            max={progress.total ?? undefined}
            value={progress.total ? progress.received : undefined}
            aria-label={t('downloadAll.progressLabel')}
          />
          <span className="muted" aria-live="polite">
            {total ? t('downloadAll.progress', { done, total }) : t('downloadAll.progressUnknown', { done })}
          </span>
        </div>
      ) : null}
      {failed ? (
        <p className="download-all__error" role="alert">
          {t('downloadAll.failed')}
        </p>
      ) : null}
    </div>
  );
}
