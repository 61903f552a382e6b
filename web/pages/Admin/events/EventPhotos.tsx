import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type InputHTMLAttributes, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../../shared/bidi';
import type { AdminEvent } from '../../../../shared/schemas/events';
import { FormMessage } from '../../../components/FormMessage';
import { useSubmit } from '../../../hooks/useSubmit';
import { PanelQueryState } from '../shared/PanelQueryState';
import { useRangeSelection } from '../shared/useRangeSelection';
import { isoToZonedTime } from './event-admin-logic';
import { type AdminEntry, type AdminEventPhoto, eventsAdminApi, eventsAdminKeys } from './events-admin-api';

type View = 'unassigned' | 'all';
/** The select's value for "no ride": the photo goes back to the unplaced ones. */
const NO_ENTRY = '-';

/** "12 — Noa Cohen — Zorro": what the select names a ride by (an option holds text only, so the parts are isolated). */
function entryOption(entry: AdminEntry): string {
  return [entry.number, entry.rider, entry.horse]
    .filter(Boolean)
    .map((part) => isolate(part))
    .join(' — ');
}

/** One photo: a checkbox with its thumbnail, its time by the camera's clock, its camera and (in "all") its ride. */
function PhotoTile({
  photo,
  selected,
  entry,
  isCover,
  timeZone,
  busy,
  checkbox,
  onCover,
}: {
  photo: AdminEventPhoto;
  selected: boolean;
  entry: AdminEntry | null | undefined;
  isCover: boolean;
  timeZone: string;
  busy: boolean;
  /** The checkbox's state and handlers, from the grid's selection. */
  checkbox: InputHTMLAttributes<HTMLInputElement>;
  onCover?: () => void;
}) {
  const { t } = useTranslation('eventsAdmin');
  return (
    <li className="admin-tile event-photo" data-testid="event-photo" data-selected={selected} data-id={photo.id}>
      <label className="event-photo__pick">
        <input type="checkbox" disabled={busy} {...checkbox} />
        <span className="admin-tile__preview">
          <img src={photo.thumbnail} alt={photo.name} loading="lazy" decoding="async" />
        </span>
      </label>
      <bdi className="admin-tile__name">{photo.name}</bdi>
      <span className="muted event-photo__meta">
        <bdi dir="ltr">
          {photo.capturedAt ? isoToZonedTime(photo.capturedAt, timeZone).slice(11) : t('cameras.noTime')}
        </bdi>
        {photo.camera ? (
          <>
            {' · '}
            <bdi dir="ltr">{photo.camera}</bdi>
          </>
        ) : null}
      </span>
      {entry !== undefined ? (
        <span className="event-photo__entry">
          {entry ? (
            <>
              {t('photos.inEntry')} <bdi>{entry.number}</bdi>
            </>
          ) : (
            <span className="muted">{t('photos.notPlaced')}</span>
          )}
        </span>
      ) : null}
      {onCover ? (
        isCover ? (
          <span className="badge badge--ok">{t('photos.isCover')}</span>
        ) : (
          <button type="button" className="button button--ghost" disabled={busy} onClick={onCover}>
            {t('photos.useAsCover')}
          </button>
        )
      ) : null}
    </li>
  );
}

/**
 * The event's photos: the ones the times could not place (or, switched, all of them), to select (click, shift-click
 * for a range, select all) and give to a ride by hand, or back to none; "place automatically again" after a change
 * of clocks or start list; and the cover the competitions' list shows.
 */
export function EventPhotos({
  event,
  entries,
  poll,
}: {
  event: AdminEvent;
  entries: AdminEntry[];
  poll: () => number | false;
}) {
  const { t } = useTranslation(['eventsAdmin', 'common']);
  const queryClient = useQueryClient();
  const titleId = useId();
  const selectId = useId();
  const [view, setView] = useState<View>('unassigned');
  const [target, setTarget] = useState('');
  const query = useQuery({
    queryKey: eventsAdminKeys.photos(event.id, view),
    queryFn: () => eventsAdminApi.photos(event.id, { unassigned: view === 'unassigned' }),
    refetchInterval: poll,
  });
  const photos = query.data?.photos ?? [];
  const ids = useMemo(() => (query.data?.photos ?? []).map((photo) => photo.id), [query.data]);
  const { selected, setSelected, clear: clearSelection, checkbox } = useRangeSelection(ids);
  const chosen = ids.filter((id) => selected.has(id));
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const refresh = () => queryClient.invalidateQueries({ queryKey: eventsAdminKeys.all });

  const assign = useSubmit(
    ({ mediaIds, entryId }: { mediaIds: string[]; entryId: string | null }) =>
      eventsAdminApi.assign(event.id, mediaIds, entryId),
    {
      onSuccess: async () => {
        clearSelection();
        await refresh();
      },
    },
  );
  const auto = useSubmit(() => eventsAdminApi.autoAssign(event.id), { onSuccess: refresh });
  const cover = useSubmit((mediaId: string) => eventsAdminApi.update(event.id, { coverMediaId: mediaId }), {
    onSuccess: refresh,
  });
  const busy = assign.busy || auto.busy || cover.busy;
  const errorKey = assign.errorKey ?? auto.errorKey ?? cover.errorKey;

  const switchView = (next: View) => {
    setView(next);
    clearSelection();
  };

  return (
    <section className="admin-card event-detail__section" aria-labelledby={titleId} data-testid="event-photos">
      <h3 id={titleId}>{t('photos.title')}</h3>
      <p className="muted">{t('photos.hint')}</p>
      <fieldset className="orders-filter">
        <legend className="visually-hidden">{t('photos.show')}</legend>
        {(['unassigned', 'all'] as const).map((value) => (
          <button
            key={value}
            type="button"
            className="orders-filter__button"
            aria-pressed={view === value}
            onClick={() => switchView(value)}
          >
            {value === 'unassigned'
              ? t('photos.viewUnassigned', { count: event.unassignedCount })
              : t('photos.viewAll', { count: event.photoCount + event.unassignedCount })}
          </button>
        ))}
      </fieldset>
      <div className="admin-toolbar event-photos__toolbar">
        <button
          type="button"
          className="button button--ghost"
          disabled={busy || photos.length === 0}
          onClick={() => setSelected(new Set(chosen.length === ids.length ? [] : ids))}
        >
          {chosen.length === ids.length && ids.length > 0 ? t('photos.selectNone') : t('photos.selectAll')}
        </button>
        <span role="status" className="event-photos__count">
          {t('photos.selected', { count: chosen.length })}
        </span>
        <label htmlFor={selectId}>{t('photos.assignTo')}</label>
        <select
          id={selectId}
          value={target}
          disabled={busy}
          onChange={(change) => setTarget(change.currentTarget.value)}
        >
          <option value="">{t('photos.chooseEntry')}</option>
          {view === 'all' ? <option value={NO_ENTRY}>{t('photos.noEntry')}</option> : null}
          {entries.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entryOption(entry)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button"
          disabled={busy || chosen.length === 0 || !target}
          onClick={() => assign.submit({ mediaIds: chosen, entryId: target === NO_ENTRY ? null : target })}
        >
          {assign.busy ? t('working') : t('photos.assign', { count: chosen.length })}
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => auto.submit(undefined)}>
          {auto.busy ? t('working') : t('photos.autoAssign')}
        </button>
      </div>
      {auto.done && auto.data ? (
        <FormMessage
          kind="success"
          text={t('placement.done', { assigned: auto.data.assigned, unassigned: auto.data.unassigned })}
        />
      ) : null}
      {assign.done && assign.data ? (
        <FormMessage kind="success" text={t('photos.assigned', { count: assign.data.changed })} />
      ) : null}
      <FormMessage kind="error" text={errorKey ? t(errorKey) : null} />
      <PanelQueryState
        query={query}
        error={t('photos.loadFailed')}
        isEmpty={() => photos.length === 0}
        empty={view === 'unassigned' ? t('photos.allPlaced') : t('photos.none')}
      >
        {() => (
          <ul className="admin-grid event-photos" aria-busy={busy} aria-label={t('photos.title')}>
            {photos.map((photo) => (
              <PhotoTile
                key={photo.id}
                photo={photo}
                selected={selected.has(photo.id)}
                entry={view === 'all' ? (photo.entryId ? (byId.get(photo.entryId) ?? null) : null) : undefined}
                isCover={event.cover?.id === photo.id}
                timeZone={event.timeZone}
                busy={busy}
                checkbox={checkbox(photo.id)}
                onCover={view === 'all' ? () => cover.submit(photo.id) : undefined}
              />
            ))}
          </ul>
        )}
      </PanelQueryState>
    </section>
  );
}
