import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateFor } from '../../../shared/bidi';
import type { Language } from '../../../shared/i18n/languages';
import { formatMoney } from '../../../shared/money';
import { priceOfEntry, priceOfPicks } from '../../../shared/pricing';
import type { EntryResult, PublicEvent } from '../../../shared/schemas/events';
import type { SessionUser } from '../../../shared/schemas/session';
import { ApiError } from '../../api/client';
import { EventDaysAndVenue } from '../../components/Events/EventDaysAndVenue';
import { signInPath } from '../../components/Events/event-format';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { QueryState } from '../../components/QueryState';
import { useNoindex } from '../../hooks/useNoindex';
import { useSession } from '../../hooks/useSession';
import { currentLanguage } from '../../i18n';
import { Link, useLocation, useQueryParams } from '../../router';
import { BuyerEvent } from './BuyerEvent';
import type { EntryTools } from './EntryCard';
import { EventSearch } from './EventSearch';
import { eventsApi, eventsKeys } from './events-api';
import { HorsesNote } from './HorsesNote';
import { SubscribeForm } from './SubscribeForm';

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The price list as it applies here: the whole entry (and each further horse), and single photos. */
function Prices({ language }: { language: Language }) {
  const { t } = useTranslation('events');
  const titleId = useId();
  const money = (amount: number) => isolateFor(language, formatMoney({ amount, currency: 'ILS' }, language));
  const entry = priceOfEntry(1).total.amount;
  const extraHorse = priceOfEntry(2).total.amount - entry;
  const single = priceOfPicks(1, { includedLimit: 0 }).unitAmount;
  return (
    <section className="accent-box event-prices" aria-labelledby={titleId} data-testid="event-prices">
      <h2 id={titleId} className="event-section-title">
        {t('prices.title')}
      </h2>
      <ul>
        <li>{t('prices.entry', { price: money(entry), extra: money(extraHorse) })}</li>
        <li>{t('prices.single', { price: money(single) })}</li>
      </ul>
      <p className="muted">{t('prices.watermark')}</p>
    </section>
  );
}

/** Who cannot buy here, and why: a visitor (sign in), an address not yet proven, the photographer. */
function BuyNotice({ user, signIn }: { user: SessionUser | null; signIn: string }) {
  const { t } = useTranslation('events');
  if (!user) {
    return (
      <p className="event-buy-notice" data-testid="sign-in-to-buy">
        <Link to={signIn} className="button">
          {t('buy.signIn')}
        </Link>{' '}
        <span className="muted">{t('buy.signInHint')}</span>
      </p>
    );
  }
  return <p className="event-buy-notice muted">{user.isAdmin ? t('buy.admin') : t('buy.verify')}</p>;
}

/** The search for someone who cannot buy: each ride shows the whole entry's price, and a visitor the way in. */
function LookingOnly({
  user,
  slug,
  accessKey,
  language,
}: {
  user: SessionUser | null;
  slug: string;
  accessKey: string | undefined;
  language: Language;
}) {
  const { t } = useTranslation('events');
  const location = useLocation();
  const signIn = signInPath(location.pathname, location.search);
  const tools: EntryTools = {
    entryAction: (entry: EntryResult) => (
      <>
        <p className="entry-card__price">
          {t('buy.entryPrice', { price: isolateFor(language, formatMoney(entry.wholeEntry.total, language)) })}
          <HorsesNote horses={entry.wholeEntry.horses} />
        </p>
        {user ? null : (
          <Link to={signIn} className="button button--ghost">
            {t('buy.signIn')}
          </Link>
        )}
      </>
    ),
  };
  return (
    <>
      <EventSearch slug={slug} accessKey={accessKey} language={language} tools={tools} />
      <BuyNotice user={user} signIn={signIn} />
    </>
  );
}

/** The competition itself: its facts, the prices, and the search with buying as the session allows. */
function EventDetails({
  event,
  slug,
  accessKey,
  language,
}: {
  event: PublicEvent;
  slug: string;
  accessKey: string | undefined;
  language: Language;
}) {
  const { t } = useTranslation('events');
  const { user, isLoading } = useSession();
  const buyer = user?.emailVerified && !user.isAdmin ? user : null;
  return (
    <div className="event-page" data-testid="event-page">
      <p className="event-facts">
        <EventDaysAndVenue event={event} language={language} />
        {' · '}
        {t(`discipline.${event.discipline}`)}
      </p>
      <p className="muted event-facts__counts">
        {t('event.rides', { count: event.entryCount })} · {t('list.photos', { count: event.photoCount })}
      </p>
      {/* The search first, in the DOM too: on a phone, and for a keyboard or a screen reader, it is what a rider came
          for; the prices and the alerts follow it. */}
      {isLoading ? null : buyer ? (
        <BuyerEvent key={buyer.id} user={buyer} slug={slug} accessKey={accessKey} language={language} />
      ) : (
        <LookingOnly user={user} slug={slug} accessKey={accessKey} language={language} />
      )}
      <Prices language={language} />
      <SubscribeForm slug={slug} accessKey={accessKey} />
      <p className="event-page__back">
        <Link to="/events">{t('event.all')}</Link>
      </p>
    </div>
  );
}

/**
 * /events/:slug — an event's page. An unlisted event opens only with its `?key=`, which every call passes on; a
 * page that search engines may not index (unlisted, or not found) carries the robots noindex tag.
 */
export function EventPage({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation(['events', 'gallery']);
  const language = currentLanguage(i18n);
  const accessKey = useQueryParams().get('key') || undefined;
  const query = useQuery({
    queryKey: eventsKeys.event(slug, accessKey),
    queryFn: () => eventsApi.event(slug, accessKey),
    retry: (count, error) => !notFound(error) && count < 2,
  });
  const event = query.data;
  useNoindex(query.isError || (event !== undefined && !event.indexable));
  const missing = query.isError && notFound(query.error);
  const title = event ? event.name : missing ? t('event.notFound') : t('list.title');
  return (
    <PageFrame title={title} wide>
      {missing ? (
        <div className="events-state">
          <p>{t('event.notFoundHint')}</p>
          <Link to="/events" className="button button--ghost">
            {t('event.all')}
          </Link>
        </div>
      ) : (
        <QueryState query={query} loading={t('event.loading')} error={t('event.error')} errorClassName="events-state">
          {(found) => <EventDetails event={found} slug={slug} accessKey={accessKey} language={language} />}
        </QueryState>
      )}
    </PageFrame>
  );
}
