import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntryResult } from '../../../shared/schemas/events';
import type { MediaView } from '../../../shared/schemas/media';
import { formatStartTime } from '../../components/Events/event-format';
import { CollageGrid } from '../../components/Gallery/CollageGrid';
import { useListViewer } from '../../components/Picking/ListViewer';

/** What a page adds to each ride: hearts on the proofs and in the viewer, and the whole entry's price or button. */
export interface EntryTools {
  tileActions?: (item: MediaView, number: number) => ReactNode;
  lightboxActions?: (item: MediaView) => ReactNode;
  entryAction: (entry: EntryResult) => ReactNode;
}

/**
 * One ride found by the search: start number, and the rider, horse, class and start time the start list gives (a
 * list of numbers alone shows the number only), its watermarked proofs in the gallery's collage (the viewer steps through this ride's photos), and what can be bought. Names and numbers are
 * isolated, so a Latin horse name keeps its order in a Hebrew line and the other way round.
 */
export function EntryCard({
  entry,
  language,
  tools,
  loadAll,
}: {
  entry: EntryResult;
  language: string;
  tools: EntryTools;
  /** Every proof of this ride (the search result carries the first few). */
  loadAll: () => Promise<MediaView[]>;
}) {
  const { t } = useTranslation('events');
  const titleId = useId();
  const [all, setAll] = useState<MediaView[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const items = all ?? entry.items;
  const { open, viewer } = useListViewer(items, tools.lightboxActions);
  const showAll = async () => {
    setLoading(true);
    setFailed(false);
    try {
      setAll(await loadAll());
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return (
    <article className="entry-card" aria-labelledby={titleId} data-testid="entry" data-number={entry.number}>
      <header className="entry-card__head">
        <h3 id={titleId} className="entry-card__title">
          <span className="entry-card__number">
            <span className="visually-hidden">{t('entry.number')} </span>
            <bdi>{entry.number}</bdi>
          </span>
          {entry.rider ? (
            <>
              {' '}
              <bdi className="entry-card__rider">{entry.rider}</bdi>
            </>
          ) : null}
        </h3>
        <dl className="entry-card__facts">
          {entry.horse ? (
            <div>
              <dt>{t('entry.horse')}</dt>
              <dd>
                <bdi>{entry.horse}</bdi>
              </dd>
            </div>
          ) : null}
          {entry.class ? (
            <div>
              <dt>{t('entry.class')}</dt>
              <dd>
                <bdi>{entry.class}</bdi>
              </dd>
            </div>
          ) : null}
          {entry.startTime ? (
            <div>
              <dt>{t('entry.startTime')}</dt>
              <dd>
                <time dateTime={entry.startTime}>
                  <bdi>{formatStartTime(entry.startTime, language)}</bdi>
                </time>
              </dd>
            </div>
          ) : null}
        </dl>
      </header>
      {items.length === 0 && entry.photoCount === 0 ? (
        <p className="muted">{t('entry.noPhotos')}</p>
      ) : (
        <>
          <p className="entry-card__count muted">
            {t('entry.photos', { count: Math.max(entry.photoCount, items.length) })}
          </p>
          <CollageGrid items={items} firstNumber={1} onOpen={open} tileActions={tools.tileActions} />
          {all === null && entry.photoCount > items.length ? (
            <button type="button" className="button button--ghost" onClick={() => void showAll()} disabled={loading}>
              {t('entry.showAll', { count: entry.photoCount })}
            </button>
          ) : null}
          {failed ? (
            <p role="alert" className="form-message form-message--error">
              {t('entry.showAllFailed')}
            </p>
          ) : null}
        </>
      )}
      <div className="entry-card__buy">{tools.entryAction(entry)}</div>
      {viewer}
    </article>
  );
}
