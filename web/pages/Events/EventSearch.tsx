import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateFor } from '../../../shared/bidi';
import type { Language } from '../../../shared/i18n/languages';
import { LoadFailed } from '../../components/QueryState';
import { useSearchParams } from '../../router';
import { EntryCard, type EntryTools } from './EntryCard';
import { eventsApi, eventsKeys } from './events-api';

/** The search in the URL (`?q=`), next to an unlisted event's `key`, so Back, a reload and a shared link keep it. */
function useSearchText(): [string, (q: string) => void] {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const setQ = (next: string) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      if (next) updated.set('q', next);
      else updated.delete('q');
      return updated;
    });
  return [q, setQ];
}

/**
 * "Find my photos": one box for a start number, a rider or a horse, and the rides it matches, each with its proofs.
 * The outcome ("2 rides found", "No ride matches …") is announced; a failed search says so and can be retried.
 */
export function EventSearch({
  slug,
  accessKey,
  language,
  tools,
}: {
  slug: string;
  accessKey: string | undefined;
  language: Language;
  tools: EntryTools;
}) {
  const { t } = useTranslation(['events', 'gallery']);
  const [q, setQ] = useSearchText();
  const [text, setText] = useState(q);
  const [missing, setMissing] = useState(false);
  // Back and Forward change the search in the URL: the box follows.
  useEffect(() => setText(q), [q]);
  const inputId = useId();
  const hintId = useId();
  const titleId = useId();
  const query = useQuery({
    queryKey: eventsKeys.search(slug, q, accessKey),
    queryFn: () => eventsApi.search(slug, q, accessKey),
    enabled: q !== '',
  });
  const entries = query.data?.entries ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    setMissing(next === '');
    if (!next) return;
    if (next === q) void query.refetch();
    else setQ(next);
  };

  const quoted = isolateFor(language, q);
  const status = !q
    ? ''
    : query.isFetching && !query.data
      ? t('search.searching')
      : query.isError
        ? ''
        : entries.length === 0
          ? t('search.empty', { q: quoted })
          : t('search.found', { count: entries.length, q: quoted });

  return (
    <section className="event-search" aria-labelledby={titleId}>
      <h2 id={titleId} className="event-section-title">
        {t('search.title')}
      </h2>
      <search>
        <form className="event-search__form" onSubmit={submit} noValidate>
          <label htmlFor={inputId}>{t('search.label')}</label>
          <div className="event-search__row">
            <input
              id={inputId}
              className="text-input"
              type="search"
              name="q"
              dir="auto"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={100}
              aria-describedby={hintId}
              aria-invalid={missing || undefined}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <button type="submit" className="button">
              {t('search.submit')}
            </button>
          </div>
          <p id={hintId} className={missing ? 'event-search__missing' : 'muted event-search__hint'}>
            {missing ? t('search.required') : t('search.hint')}
          </p>
        </form>
      </search>
      <p className="event-search__status" role="status" data-testid="search-status">
        {status}
      </p>
      {query.isError && !query.isFetching ? (
        <LoadFailed text={t('search.error')} className="events-state" onRetry={query.refetch} />
      ) : null}
      {entries.length > 0 ? (
        <ul className="entry-list" aria-busy={query.isFetching}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <EntryCard
                entry={entry}
                language={language}
                tools={tools}
                loadAll={async () => (await eventsApi.entryPhotos(slug, entry.id, accessKey)).items}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
