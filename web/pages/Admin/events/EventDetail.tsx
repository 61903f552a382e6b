import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminEvent } from '../../../../shared/schemas/events';
import { useSubmit } from '../../../hooks/useSubmit';
import { CopyLink } from '../shared/CopyLink';
import { SubmitWithMessages } from '../shared/SubmitWithMessages';
import { Uploader } from '../uploads/Uploader';
import { CameraClocks, ClassRounds } from './EventClocks';
import { EventEntries } from './EventEntries';
import { EventFields, type EventFieldValues } from './EventFields';
import { EventPhotos } from './EventPhotos';
import { EventPosterLink } from './EventPosterLink';
import { eventLink } from './event-admin-logic';
import { eventsAdminApi, eventsAdminKeys } from './events-admin-api';
import { ReviewQueue } from './ReviewQueue';
import { StartListUpload } from './StartListUpload';

/** After an upload, the event and its photos are asked again this often, for this long, while they are placed. */
const PLACING_POLL_MS = 2000;
const PLACING_WINDOW_MS = 90_000;

/** Changing an event's details (not its address: links to it may be out already). */
function EditEvent({ event }: { event: AdminEvent }) {
  const { t } = useTranslation('eventsAdmin');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<EventFieldValues>({
    name: event.name,
    date: event.date,
    endDate: event.endDate === event.date ? '' : event.endDate,
    venue: event.venue,
    discipline: event.discipline,
    visibility: event.visibility,
  });
  const save = useSubmit((changes: EventFieldValues) => eventsAdminApi.update(event.id, changes), {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsAdminKeys.all }),
  });
  const submit = (form: FormEvent) => {
    form.preventDefault();
    if (!values.name.trim() || !values.date) return save.fail('eventsAdmin:create.required');
    if (values.endDate && values.endDate < values.date) return save.fail('eventsAdmin:create.badEnd');
    save.submit({
      ...values,
      name: values.name.trim(),
      venue: values.venue.trim(),
      endDate: values.endDate || values.date,
    });
  };
  return (
    <details className="admin-card event-edit">
      <summary>{t('edit.title')}</summary>
      <form className="event-form" onSubmit={submit} aria-label={t('edit.title')} noValidate>
        <EventFields
          values={values}
          onChange={(next) => {
            save.reset();
            setValues(next);
          }}
          disabled={save.busy}
        />
        <SubmitWithMessages
          state={save}
          label={t('edit.save')}
          busyLabel={t('working')}
          success={save.done ? t('edit.saved') : null}
        />
      </form>
    </details>
  );
}

/**
 * One competition: who can see its page and the link to give out, its details, the start list, the photos (upload,
 * placing by time, by hand), the round length of each class and the camera clocks, and the rides with hide/show.
 */
export function EventDetail({ event, onBack }: { event: AdminEvent; onBack: () => void }) {
  const { t } = useTranslation(['eventsAdmin', 'admin']);
  const queryClient = useQueryClient();
  const titleId = useId();
  const [uploadedAt, setUploadedAt] = useState(0);
  const placing = () => (Date.now() - uploadedAt < PLACING_WINDOW_MS ? PLACING_POLL_MS : false);
  // The list this event comes from is asked again while new photos are placed, so the counts follow.
  useQuery({ queryKey: eventsAdminKeys.list, queryFn: eventsAdminApi.events, refetchInterval: placing });
  const entries = useQuery({
    queryKey: eventsAdminKeys.entries(event.id),
    queryFn: () => eventsAdminApi.entries(event.id),
    refetchInterval: placing,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: eventsAdminKeys.all });
  const link = eventLink(window.location.origin, event.slug, event.visibility, event.accessKey);

  return (
    <section className="events-admin event-detail" aria-labelledby={titleId} data-testid="admin-event-detail">
      <div className="admin-toolbar">
        <button type="button" className="button button--ghost" onClick={onBack}>
          {t('detail.back')}
        </button>
        <h2 id={titleId} className="admin-subtitle">
          <bdi>{event.name}</bdi>
        </h2>
        <span className={`badge event-visibility event-visibility--${event.visibility}`}>
          {t(`visibility.${event.visibility}`)}
        </span>
      </div>
      <p className="event-row__counts">
        {t('list.rides', { count: event.entryCount })} · {t('list.placed', { count: event.photoCount })} ·{' '}
        <span data-testid="unplaced-count" data-count={event.unassignedCount}>
          {t('list.unplaced', { count: event.unassignedCount })}
        </span>
      </p>
      {event.visibility === 'hidden' ? (
        <p className="muted">{t('detail.hiddenNote')}</p>
      ) : (
        <div className="admin-card">
          <CopyLink
            label={event.visibility === 'unlisted' ? t('detail.unlistedLink') : t('detail.publicLink')}
            link={link}
            testId="event-link"
          />
          {event.visibility === 'unlisted' ? <p className="muted">{t('detail.unlistedNote')}</p> : null}
          <EventPosterLink event={event} />
        </div>
      )}
      <EditEvent event={event} />
      <StartListUpload event={event} entryCount={entries.data?.entries.length ?? event.entryCount} />
      <div className="event-detail__section">
        <Uploader
          event={event.id}
          onUploaded={() => {
            setUploadedAt(Date.now());
            void refresh();
          }}
        />
        <p className="muted">{t('photos.uploadHint')}</p>
      </div>
      <ReviewQueue event={event} poll={placing} />
      <EventPhotos event={event} entries={entries.data?.entries ?? []} poll={placing} />
      <ClassRounds event={event} entries={entries.data?.entries ?? []} />
      <CameraClocks event={event} poll={placing} />
      <EventEntries event={event} query={entries} />
    </section>
  );
}
