import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminEvent } from '../../../../shared/schemas/events';
import { isValidSlug, slugFromName } from '../../../../shared/slug';
import { ApiError } from '../../../api/client';
import { errorMessageKey } from '../../../api/error-messages';
import { formatEventDates } from '../../../components/Events/event-format';
import { LoadingLine } from '../../../components/QueryState';
import { useNamespace } from '../../../hooks/useNamespace';
import { useSubmit } from '../../../hooks/useSubmit';
import { currentLanguage } from '../../../i18n';
import { EventDetail } from './EventDetail';
import { EventFields, type EventFieldValues } from './EventFields';
import { eventsAdminApi, eventsAdminKeys } from './events-admin-api';
import '../clients/clients.css';
import '../orders/orders.css';
import './events-admin.css';
import { AdminPanel } from '../shared/AdminPanel';
import { PanelQueryState } from '../shared/PanelQueryState';
import { RowHead } from '../shared/RowHead';
import { SubmitWithMessages } from '../shared/SubmitWithMessages';

const EMPTY: EventFieldValues = {
  name: '',
  date: '',
  endDate: '',
  venue: '',
  discipline: 'show-jumping',
  visibility: 'public',
};

/** A taken address is said at the address field; anything else in the server's words. */
function createErrorKey(error: unknown): string {
  return error instanceof ApiError && error.code === 'conflict'
    ? 'eventsAdmin:create.slugTaken'
    : errorMessageKey(error);
}

/** A new competition: its details and its address, suggested from the name until the photographer types their own. */
function CreateEventForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation('eventsAdmin');
  const queryClient = useQueryClient();
  const titleId = useId();
  const slugId = useId();
  const [values, setValues] = useState(EMPTY);
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const shownSlug = slugEdited ? slug : values.name.trim() ? slugFromName(values.name, values.date) : '';
  const create = useSubmit(eventsAdminApi.create, {
    errorKey: createErrorKey,
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: eventsAdminKeys.all });
      setValues(EMPTY);
      setSlug('');
      setSlugEdited(false);
      onCreated(created.id);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim() || !values.date) return create.fail('eventsAdmin:create.required');
    if (!isValidSlug(shownSlug)) return create.fail('eventsAdmin:create.badSlug');
    if (values.endDate && values.endDate < values.date) return create.fail('eventsAdmin:create.badEnd');
    create.submit({
      name: values.name.trim(),
      date: values.date,
      ...(values.endDate ? { endDate: values.endDate } : {}),
      slug: shownSlug,
      venue: values.venue.trim(),
      discipline: values.discipline,
      visibility: values.visibility,
    });
  };
  return (
    <form className="admin-card event-form" onSubmit={submit} aria-labelledby={titleId} noValidate>
      <h3 id={titleId}>{t('create.title')}</h3>
      <EventFields values={values} onChange={setValues} disabled={create.busy} />
      <div className="form-field event-form__slug">
        <label htmlFor={slugId}>{t('fields.slug')}</label>
        <div className="event-form__slug-row" dir="ltr">
          <span className="muted">/events/</span>
          <input
            id={slugId}
            name="slug"
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            maxLength={80}
            disabled={create.busy}
            aria-describedby={`${slugId}-hint`}
            value={shownSlug}
            onChange={(event) => {
              setSlugEdited(true);
              setSlug(event.currentTarget.value.toLowerCase());
            }}
          />
        </div>
        <p id={`${slugId}-hint`} className="muted event-form__hint">
          {t('fields.slugHint')}
        </p>
      </div>
      <SubmitWithMessages state={create} label={t('create.submit')} busyLabel={t('create.creating')} />
    </form>
  );
}

/** One competition in the list: its days, who sees it, how far its photos are placed, and the way in. */
function EventRow({ event, onOpen }: { event: AdminEvent; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation(['eventsAdmin', 'events']);
  const nameId = useId();
  return (
    <li className="client-row" data-testid="admin-event" data-slug={event.slug}>
      <RowHead name={event.name} nameId={nameId}>
        <span className={`badge event-visibility event-visibility--${event.visibility}`}>
          {t(`visibility.${event.visibility}`)}
        </span>
      </RowHead>
      <p className="muted event-row__meta">
        <time dateTime={event.date}>{formatEventDates(event.date, event.endDate, currentLanguage(i18n))}</time>
        {event.venue ? (
          <>
            {' · '}
            <bdi>{event.venue}</bdi>
          </>
        ) : null}
        {' · '}
        <bdi dir="ltr">/events/{event.slug}</bdi>
      </p>
      <p className="event-row__counts">
        {t('list.rides', { count: event.entryCount })} · {t('list.placed', { count: event.photoCount })}
        {event.unassignedCount > 0 ? (
          <>
            {' · '}
            <span className="event-row__unplaced">{t('list.unplaced', { count: event.unassignedCount })}</span>
          </>
        ) : null}
      </p>
      <div className="client-row__actions">
        <button type="button" className="button" aria-describedby={nameId} onClick={() => onOpen(event.id)}>
          {t('list.open')}
        </button>
      </div>
    </li>
  );
}

/**
 * The admin panel's Events tab: the competitions, newest first, and a form for a new one; opening one gives its
 * start list, photos and settings (EventDetail). A chunk of its own, with its texts (eventsAdmin).
 */
export default function EventsPanel() {
  const { t } = useTranslation(['eventsAdmin', 'common']);
  const eventTexts = useNamespace('events');
  const adminTexts = useNamespace('eventsAdmin');
  const query = useQuery({ queryKey: eventsAdminKeys.list, queryFn: eventsAdminApi.events });
  const [openId, setOpenId] = useState<string | null>(null);
  const events = query.data?.events ?? [];
  const open = openId ? events.find((event) => event.id === openId) : undefined;
  if (!eventTexts || !adminTexts) return <LoadingLine text={t('common:loading')} announce={false} />;
  if (open) return <EventDetail key={open.id} event={open} onBack={() => setOpenId(null)} />;
  return (
    <AdminPanel className="events-admin" titleId="events-admin-title" title={t('title')} intro={t('intro')}>
      <CreateEventForm onCreated={setOpenId} />
      <PanelQueryState
        query={query}
        error={t('list.loadFailed')}
        isEmpty={() => events.length === 0}
        empty={t('list.empty')}
      >
        {() => (
          <ul className="client-list">
            {events.map((event) => (
              <EventRow key={event.id} event={event} onOpen={setOpenId} />
            ))}
          </ul>
        )}
      </PanelQueryState>
    </AdminPanel>
  );
}
