import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminEvent } from '../../../../shared/schemas/events';
import { FormMessage } from '../../../components/FormMessage';
import { useSubmit } from '../../../hooks/useSubmit';
import { PanelQueryState } from '../shared/PanelQueryState';
import { isoToZonedTime } from './event-admin-logic';
import { eventsAdminApi, eventsAdminKeys, type ReviewDecision, type ReviewItem } from './events-admin-api';
import { cropStyle } from './review-crop';
import './review-queue.css';

/** The crop's width on screen, in CSS pixels (the picture's rendition is chosen for it, zoomed). */
const CROP_PX = 176;

/** The number's part of the photo, zoomed: the photo drawn large inside a small box that shows only that part. */
function NumberCrop({ item }: { item: ReviewItem }) {
  const { t } = useTranslation('eventsAdmin');
  const crop = item.crop ?? item.candidates[0]?.crop;
  if (!crop) return null;
  const style = cropStyle(crop, item.image);
  const { srcset } = item.image.image;
  return (
    <div className="review-item__crop" dir="ltr" style={style.box} role="img" aria-label={t('review.crop')}>
      <img
        src={item.image.image.src}
        srcSet={srcset.jpeg || srcset.webp || undefined}
        sizes={`${Math.round(CROP_PX * style.zoom)}px`}
        alt=""
        style={style.picture}
        decoding="async"
      />
    </div>
  );
}

/** A percentage as the admin's language writes it ("97 %" in French). */
function percent(value: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(value);
}

/** One photo to review: the photo, its number zoomed, why it waits, and the one-tap choices. */
function ReviewCard({ item, event }: { item: ReviewItem; event: AdminEvent }) {
  const { t, i18n } = useTranslation('eventsAdmin');
  const queryClient = useQueryClient();
  const numberId = useId();
  const [typed, setTyped] = useState('');
  const decide = useSubmit(
    (decision: ReviewDecision) => eventsAdminApi.decideReview(event.id, item.mediaId, decision),
    {
      // The photo leaves the queue and joins a ride: the counts, the rides and the photo lists all change.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsAdminKeys.all }),
    },
  );
  const submitNumber = (form: FormEvent) => {
    form.preventDefault();
    const number = typed.trim();
    if (!/^\d{1,6}$/.test(number)) return decide.fail('eventsAdmin:review.badNumber');
    decide.submit({ number });
  };
  const choices = item.candidates.flatMap((candidate) => candidate.entries.map((entry) => ({ candidate, entry })));
  const unlisted = item.candidates.filter((candidate) => candidate.entries.length === 0);

  return (
    <li className="admin-card review-item" data-testid="review-item" data-id={item.mediaId}>
      <div className="review-item__pictures">
        <img className="review-item__photo" src={item.image.image.src} alt={item.name} loading="lazy" />
        <NumberCrop item={item} />
      </div>
      <p className="review-item__why">
        <strong>{t(`review.reason.${item.reason}`)}</strong>
        {item.capturedAt ? (
          <>
            {' · '}
            <bdi dir="ltr">{isoToZonedTime(item.capturedAt, event.timeZone).slice(11)}</bdi>
          </>
        ) : null}
      </p>
      {choices.length > 0 ? (
        <fieldset className="review-item__choices" disabled={decide.busy}>
          <legend>{t('review.choose')}</legend>
          {choices.map(({ candidate, entry }) => (
            <button
              key={entry.id}
              type="button"
              className="button review-item__choice"
              data-testid="review-confirm"
              onClick={() => decide.submit({ entryId: entry.id })}
            >
              <bdi className="review-item__number">{candidate.number}</bdi>
              <span className="review-item__names">
                {entry.rider ? <bdi>{entry.rider}</bdi> : null}
                {entry.horse ? <bdi>{entry.horse}</bdi> : null}
              </span>
              <bdi className="review-item__sure" dir="ltr">
                {percent(candidate.confidence, i18n.language)}
              </bdi>
            </button>
          ))}
        </fieldset>
      ) : null}
      {unlisted.length > 0 ? (
        <p className="muted">
          {unlisted.map((candidate) => (
            <bdi key={candidate.number} className="review-item__unlisted">
              {candidate.number}
            </bdi>
          ))}{' '}
          {t('review.notListed')}
        </p>
      ) : null}
      <form className="review-item__other" onSubmit={submitNumber} noValidate>
        <label htmlFor={numberId}>{t('review.otherNumber')}</label>
        <input
          id={numberId}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          value={typed}
          disabled={decide.busy}
          onChange={(change) => {
            decide.reset();
            setTyped(change.target.value);
          }}
        />
        <button type="submit" className="button" disabled={decide.busy}>
          {t('review.place')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={decide.busy}
          onClick={() => decide.submit({ entryId: null })}
        >
          {t('review.notRider')}
        </button>
      </form>
      <FormMessage kind="error" text={decide.errorKey ? t(decide.errorKey) : null} />
    </li>
  );
}

/** The photos whose start number needs the photographer's eye: confirm or correct each with one tap. */
export function ReviewQueue({
  event,
  poll,
}: {
  event: AdminEvent;
  /** While photos are being placed after an upload: how often to ask again (as the photo lists do). */
  poll?: () => number | false;
}) {
  const { t } = useTranslation('eventsAdmin');
  const titleId = useId();
  const query = useQuery({
    queryKey: eventsAdminKeys.review(event.id),
    queryFn: () => eventsAdminApi.review(event.id),
    refetchInterval: poll,
  });
  const count = query.data?.items.length ?? event.reviewCount;
  return (
    <section className="event-detail__section review-queue" aria-labelledby={titleId} data-testid="review-queue">
      <h3 id={titleId} className="admin-subtitle">
        {t('review.title')}{' '}
        <span className="badge" data-testid="review-count">
          <bdi>{count}</bdi>
        </span>
      </h3>
      <p className="muted">{t('review.hint')}</p>
      <PanelQueryState
        query={query}
        error={t('review.loadFailed')}
        isEmpty={(data) => data.items.length === 0}
        empty={t('review.empty')}
      >
        {(data) => (
          <ul className="review-queue__list">
            {data.items.map((item) => (
              <ReviewCard key={item.mediaId} item={item} event={event} />
            ))}
          </ul>
        )}
      </PanelQueryState>
    </section>
  );
}
