import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateFor } from '../../../../shared/bidi';
import type { AdminEvent } from '../../../../shared/schemas/events';
import { useSubmit } from '../../../hooks/useSubmit';
import { currentLanguage } from '../../../i18n';
import { PanelQueryState } from '../shared/PanelQueryState';
import { SubmitWithMessages } from '../shared/SubmitWithMessages';
import { camerasOf, classRounds, isoToZonedTime, zonedTimeToIso } from './event-admin-logic';
import {
  type AdminEntry,
  type AdminEventPhoto,
  eventsAdminApi,
  eventsAdminKeys,
  type Placement,
} from './events-admin-api';

/** The round length when a class has none set (DEFAULT_ROUND_SECONDS in shared/schemas/events.ts). */
const DEFAULT_ROUND_SECONDS = 180;
const ROUND_MIN = 10;
const ROUND_MAX = 7200;
const OFFSET_LIMIT = 86_400;
/** Photos of a camera offered for "pick a photo and type its true time". */
const PHOTOS_TO_PICK = 24;

/** "Placed again: 40 photos with a ride, 2 without." */
function usePlacedText() {
  const { t } = useTranslation('eventsAdmin');
  return (placement: Placement) =>
    t('placement.done', { assigned: placement.assigned, unassigned: placement.unassigned });
}

/** Seconds with their sign and unit in the reader's language: "+37 s", "−1 200 s". */
function formatSeconds(seconds: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'second',
    unitDisplay: 'short',
    signDisplay: 'exceptZero',
  }).format(seconds);
}

/**
 * How long one ride lasts in each class: a photo belongs to the ride whose start time it follows by less than this.
 * Every class of the start list is listed; 3 minutes where none is set. Saving places the photos again.
 */
export function ClassRounds({ event, entries }: { event: AdminEvent; entries: AdminEntry[] }) {
  const { t } = useTranslation('eventsAdmin');
  const queryClient = useQueryClient();
  const titleId = useId();
  const placed = usePlacedText();
  const rows = classRounds(
    entries.map((entry) => entry.class),
    event.classes,
    DEFAULT_ROUND_SECONDS,
  );
  const [typed, setTyped] = useState<Record<string, string>>({});
  const save = useSubmit(
    (classes: Array<{ name: string; roundSeconds: number }>) => eventsAdminApi.setClasses(event.id, classes),
    { onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsAdminKeys.all }) },
  );
  const submit = (form: FormEvent) => {
    form.preventDefault();
    const classes = rows.map((row) => ({ name: row.name, roundSeconds: Number(typed[row.name] ?? row.roundSeconds) }));
    const valid = classes.every(
      (item) => Number.isInteger(item.roundSeconds) && item.roundSeconds >= ROUND_MIN && item.roundSeconds <= ROUND_MAX,
    );
    if (!valid) return save.fail('eventsAdmin:rounds.invalid');
    save.submit(classes);
  };
  return (
    <section className="admin-card event-detail__section" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('rounds.title')}</h3>
      <p className="muted">{t('rounds.hint')}</p>
      {rows.length === 0 ? (
        <p className="muted">{t('rounds.noClasses')}</p>
      ) : (
        <form className="event-rounds" onSubmit={submit} aria-labelledby={titleId} noValidate>
          <ul className="tile-grid event-rounds__list">
            {rows.map((row, index) => (
              <li key={row.name} className="form-field">
                <label htmlFor={`${titleId}-${index}`}>
                  <bdi>{row.name}</bdi>
                </label>
                <span className="event-rounds__input">
                  <input
                    id={`${titleId}-${index}`}
                    type="number"
                    inputMode="numeric"
                    min={ROUND_MIN}
                    max={ROUND_MAX}
                    step={1}
                    dir="ltr"
                    disabled={save.busy}
                    value={typed[row.name] ?? String(row.roundSeconds)}
                    onChange={(change) => {
                      const value = change.currentTarget.value;
                      setTyped((previous) => ({ ...previous, [row.name]: value }));
                    }}
                  />
                  <span className="muted">{t('rounds.seconds')}</span>
                </span>
              </li>
            ))}
          </ul>
          <SubmitWithMessages
            state={save}
            label={t('rounds.save')}
            busyLabel={t('working')}
            success={save.done && save.data ? placed(save.data) : null}
          />
        </form>
      )}
    </section>
  );
}

/** One camera: its offset typed in seconds, or worked out from one photo and the time it was really taken. */
function CameraClock({
  event,
  camera,
  offsetSeconds,
  photos,
}: {
  event: AdminEvent;
  camera: string;
  offsetSeconds: number;
  photos: AdminEventPhoto[];
}) {
  const { t, i18n } = useTranslation('eventsAdmin');
  const language = currentLanguage(i18n);
  const queryClient = useQueryClient();
  const id = useId();
  const placed = usePlacedText();
  const [mode, setMode] = useState<'seconds' | 'photo'>('seconds');
  const [seconds, setSeconds] = useState(String(offsetSeconds));
  const [mediaId, setMediaId] = useState('');
  const [trueTime, setTrueTime] = useState('');
  const ofCamera = photos.filter((photo) => photo.camera === camera && photo.capturedAt).slice(0, PHOTOS_TO_PICK);
  const save = useSubmit(
    (body: { offsetSeconds: number } | { mediaId: string; trueTime: string }) =>
      eventsAdminApi.setCameraOffset(event.id, camera, body),
    {
      onSuccess: async (answer) => {
        setSeconds(String(answer.offsetSeconds));
        await queryClient.invalidateQueries({ queryKey: eventsAdminKeys.all });
      },
    },
  );
  const submit = (form: FormEvent) => {
    form.preventDefault();
    if (mode === 'seconds') {
      const value = Number(seconds);
      if (!Number.isInteger(value) || Math.abs(value) > OFFSET_LIMIT) return save.fail('eventsAdmin:cameras.invalid');
      return save.submit({ offsetSeconds: value });
    }
    const iso = zonedTimeToIso(trueTime, event.timeZone);
    if (!mediaId || !iso) return save.fail('eventsAdmin:cameras.choose');
    save.submit({ mediaId, trueTime: iso });
  };
  const shownTime = (iso: string | null) =>
    iso ? isoToZonedTime(iso, event.timeZone).replace('T', ' ') : t('cameras.noTime');

  return (
    <li className="admin-box event-camera" data-testid="event-camera" data-camera={camera}>
      <p className="event-camera__head">
        <strong>
          <bdi dir="ltr">{camera}</bdi>
        </strong>{' '}
        <span className="muted">
          {t('cameras.current', { offset: isolateFor(language, formatSeconds(offsetSeconds, language)) })}
        </span>
      </p>
      <form className="event-camera__form" onSubmit={submit} aria-label={t('cameras.formLabel', { camera })} noValidate>
        <fieldset className="order-step__choices" disabled={save.busy}>
          <legend className="visually-hidden">{t('cameras.how')}</legend>
          {(['seconds', 'photo'] as const).map((value) => (
            <label key={value} className="order-step__choice">
              <input
                type="radio"
                name={`${id}-mode`}
                checked={mode === value}
                onChange={() => {
                  save.reset();
                  setMode(value);
                }}
              />
              {t(`cameras.mode.${value}`)}
            </label>
          ))}
        </fieldset>
        {mode === 'seconds' ? (
          <div className="form-field">
            <label htmlFor={`${id}-seconds`}>{t('cameras.offset')}</label>
            <input
              id={`${id}-seconds`}
              type="number"
              inputMode="numeric"
              step={1}
              min={-OFFSET_LIMIT}
              max={OFFSET_LIMIT}
              dir="ltr"
              disabled={save.busy}
              aria-describedby={`${id}-seconds-hint`}
              value={seconds}
              onChange={(change) => setSeconds(change.currentTarget.value)}
            />
            <p id={`${id}-seconds-hint`} className="muted event-form__hint">
              {t('cameras.offsetHint')}
            </p>
          </div>
        ) : (
          <>
            {ofCamera.length === 0 ? (
              <p className="muted">{t('cameras.noPhotos')}</p>
            ) : (
              <fieldset className="event-camera__photos" disabled={save.busy}>
                <legend>{t('cameras.pickPhoto')}</legend>
                <ul className="tile-grid">
                  {ofCamera.map((photo) => (
                    <li key={photo.id}>
                      <label className="event-camera__photo">
                        <input
                          type="radio"
                          name={`${id}-photo`}
                          value={photo.id}
                          checked={mediaId === photo.id}
                          onChange={() => {
                            setMediaId(photo.id);
                            if (!trueTime && photo.capturedAt) {
                              setTrueTime(isoToZonedTime(photo.capturedAt, event.timeZone));
                            }
                          }}
                        />
                        <img src={photo.thumbnail} alt={photo.name} loading="lazy" decoding="async" />
                        <span className="muted">
                          <bdi dir="ltr">{shownTime(photo.capturedAt)}</bdi>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            )}
            <div className="form-field">
              <label htmlFor={`${id}-true`}>{t('cameras.trueTime')}</label>
              <input
                id={`${id}-true`}
                type="datetime-local"
                step={1}
                disabled={save.busy}
                aria-describedby={`${id}-true-hint`}
                value={trueTime}
                onChange={(change) => setTrueTime(change.currentTarget.value)}
              />
              <p id={`${id}-true-hint`} className="muted event-form__hint">
                {t('cameras.trueTimeHint', { zone: event.timeZone })}
              </p>
            </div>
          </>
        )}
        <SubmitWithMessages
          state={save}
          label={t('cameras.save')}
          busyLabel={t('working')}
          success={save.done && save.data ? placed(save.data) : null}
        />
      </form>
    </li>
  );
}

/**
 * The clock of each camera the event's photos came from. A camera whose clock was off puts its photos in the wrong
 * rides; its offset, typed or worked out from one photo, moves them all.
 */
export function CameraClocks({ event, poll }: { event: AdminEvent; poll: () => number | false }) {
  const { t } = useTranslation(['eventsAdmin', 'common']);
  const titleId = useId();
  // The cameras come from the photos too: one whose offset was never set has no row of its own yet.
  const query = useQuery({
    queryKey: eventsAdminKeys.photos(event.id, 'all'),
    queryFn: () => eventsAdminApi.photos(event.id),
    refetchInterval: poll,
  });
  const photos = query.data?.photos ?? [];
  const cameras = camerasOf(event.cameras, photos);
  return (
    <section className="admin-card event-detail__section" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('cameras.title')}</h3>
      <p className="muted">{t('cameras.hint')}</p>
      <PanelQueryState
        query={query}
        error={t('photos.loadFailed')}
        isEmpty={() => cameras.length === 0}
        empty={t('cameras.none')}
      >
        {() => (
          <ul className="event-cameras">
            {cameras.map((camera) => (
              <CameraClock
                key={camera.camera}
                event={event}
                camera={camera.camera}
                offsetSeconds={camera.offsetSeconds}
                photos={photos}
              />
            ))}
          </ul>
        )}
      </PanelQueryState>
    </section>
  );
}
