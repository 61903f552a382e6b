import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminEvent } from '../../../../shared/schemas/events';
import { errorMessageKey } from '../../../api/error-messages';
import { formatStartTime } from '../../../components/Events/event-format';
import { FormMessage } from '../../../components/FormMessage';
import { currentLanguage } from '../../../i18n';
import { PanelQueryState } from '../shared/PanelQueryState';
import { type AdminEntry, eventsAdminApi, eventsAdminKeys } from './events-admin-api';
import { NameEntryForm } from './NameEntryForm';

/**
 * The start list as imported: number, rider, horse, class, start time (a dash where the list gives none) and photos
 * of each ride, with a switch that
 * hides a ride from the event's page (a rider who asked not to be shown). A table on a wide screen, one card per ride
 * on a phone (events-admin.css).
 */
export function EventEntries({
  event,
  query,
}: {
  event: AdminEvent;
  query: UseQueryResult<{ entries: AdminEntry[] }>;
}) {
  const { t, i18n } = useTranslation(['eventsAdmin', 'events', 'common']);
  const language = currentLanguage(i18n);
  const queryClient = useQueryClient();
  const titleId = useId();
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const toggle = useMutation({
    mutationFn: ({ entry, hidden }: { entry: AdminEntry; hidden: boolean }) =>
      eventsAdminApi.setEntryHidden(event.id, entry.id, hidden),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsAdminKeys.all }),
  });
  const needle = filter.trim().toLocaleLowerCase();
  const entries = (query.data?.entries ?? []).filter(
    (entry) =>
      !needle ||
      entry.number.toLocaleLowerCase() === needle ||
      [entry.rider, entry.horse, entry.class].some((text) => text.toLocaleLowerCase().includes(needle)),
  );
  const busyId = toggle.isPending ? toggle.variables?.entry.id : undefined;

  return (
    <section className="admin-card event-detail__section" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('entries.title')}</h3>
      <PanelQueryState
        query={query}
        error={t('entries.loadFailed')}
        isEmpty={(data) => data.entries.length === 0}
        empty={t('startList.none')}
      >
        {() => (
          <>
            <div className="form-field event-entries__filter">
              <label htmlFor={filterId}>{t('entries.filter')}</label>
              <input
                id={filterId}
                type="search"
                dir="auto"
                autoComplete="off"
                value={filter}
                onChange={(change) => setFilter(change.currentTarget.value)}
              />
            </div>
            <FormMessage kind="error" text={toggle.error ? t(errorMessageKey(toggle.error)) : null} />
            {entries.length === 0 ? (
              <p className="muted">{t('entries.noMatch')}</p>
            ) : (
              <table className="admin-table event-entries" data-testid="event-entries">
                <caption className="visually-hidden">{t('entries.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('events:entry.number')}</th>
                    <th scope="col">{t('entries.rider')}</th>
                    <th scope="col">{t('events:entry.horse')}</th>
                    <th scope="col">{t('events:entry.class')}</th>
                    <th scope="col">{t('events:entry.startTime')}</th>
                    <th scope="col">{t('entries.photos')}</th>
                    <th scope="col">{t('entries.onPage')}</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr
                      key={entry.id}
                      data-testid="admin-entry"
                      data-number={entry.number}
                      data-hidden={entry.hidden}
                      className={entry.hidden ? 'event-entries__row--hidden' : undefined}
                    >
                      <th scope="row" id={`${titleId}-${entry.id}`} data-label={t('events:entry.number')}>
                        <bdi>{entry.number}</bdi>
                      </th>
                      <td data-label={t('entries.rider')}>
                        {entry.rider ? <bdi>{entry.rider}</bdi> : <NameEntryForm eventId={event.id} entry={entry} />}
                      </td>
                      <td data-label={t('events:entry.horse')}>
                        <bdi>{entry.horse || '—'}</bdi>
                      </td>
                      <td data-label={t('events:entry.class')}>
                        <bdi>{entry.class || '—'}</bdi>
                      </td>
                      <td data-label={t('events:entry.startTime')}>
                        {entry.startTime ? (
                          <time dateTime={entry.startTime}>
                            <bdi>{formatStartTime(entry.startTime, language, event.timeZone)}</bdi>
                          </time>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td data-label={t('entries.photos')}>{entry.photoCount.toLocaleString(language)}</td>
                      <td data-label={t('entries.onPage')}>
                        <span className="event-entries__state">
                          {entry.hidden ? t('entries.hidden') : t('entries.shown')}
                        </span>{' '}
                        <button
                          type="button"
                          className="button button--ghost event-entries__toggle"
                          disabled={busyId === entry.id}
                          aria-describedby={`${titleId}-${entry.id}`}
                          onClick={() => toggle.mutate({ entry, hidden: !entry.hidden })}
                        >
                          {entry.hidden ? t('entries.show') : t('entries.hide')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </PanelQueryState>
    </section>
  );
}
