import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateFor } from '../../../shared/bidi';
import type { Language } from '../../../shared/i18n/languages';
import { formatMoney } from '../../../shared/money';
import type { EntryResult } from '../../../shared/schemas/events';
import type { SessionUser } from '../../../shared/schemas/session';
import type { OrderCreated } from '../../api/proofing';
import { OrderStatusPanel } from '../../components/Picking/OrderStatusPanel';
import { pickSlots, SendSelection } from '../../components/Picking/SelectionTools';
import { useSelection } from '../../components/Picking/usePicks';
import { LoadFailed, LoadingLine } from '../../components/QueryState';
import { useDialogSubmit } from '../../hooks/useDialogSubmit';
import { useNamespace } from '../../hooks/useNamespace';
import { Link } from '../../router';
import { BuyEntryDialog } from './BuyEntryDialog';
import type { EntryTools } from './EntryCard';
import { EventSearch } from './EventSearch';
import { eventsApi, eventsKeys } from './events-api';

interface BuyerEventProps {
  user: SessionUser;
  slug: string;
  accessKey: string | undefined;
  language: Language;
}

/** An order just sent whose status the selection's answer does not carry (yet): what was sent, and where it stands. */
function OrderSent({ order, language }: { order: OrderCreated; language: Language }) {
  const { t } = useTranslation(['events', 'proofing']);
  return (
    <section className="accent-box order-status" data-testid="order-sent" data-status={order.status} aria-live="polite">
      <p className="order-status__title">
        {t('buy.sent', { price: isolateFor(language, formatMoney(order.total, language)) })}{' '}
        <span className="order-status__badge">{t(`proofing:order.status.${order.status}`)}</span>
      </p>
      <p className="order-status__explain">{t(`proofing:order.explain.${order.status}`)}</p>
    </section>
  );
}

/**
 * The event page for a signed-in client with a proven address: hearts on the proofs (this event's picks, priced by
 * the server), the live summary and "Send my selection", "Buy the whole entry" behind the app's own dialog, and the
 * latest order of this event with its status. What is bought arrives in the client's own gallery (/me).
 */
export function BuyerEvent({ user, slug, accessKey, language }: BuyerEventProps) {
  const { t } = useTranslation(['events', 'proofing', 'common']);
  const ready = useNamespace('proofing');
  const queryClient = useQueryClient();
  const picksKey = eventsKeys.picks(slug, user.id);
  const source = useMemo(
    () => ({
      key: eventsKeys.picks(slug, user.id),
      toggleKey: eventsKeys.toggle(slug),
      load: () => eventsApi.picks(slug, accessKey),
      pick: (mediaId: string) => eventsApi.pick(slug, accessKey, mediaId),
      unpick: (mediaId: string) => eventsApi.unpick(slug, accessKey, mediaId),
    }),
    [slug, accessKey, user.id],
  );
  const state = useSelection(source);
  const { picks } = state;
  const [ordered, setOrdered] = useState<OrderCreated | null>(null);

  const afterOrder = async (created: OrderCreated) => {
    await queryClient.invalidateQueries({ queryKey: picksKey });
    setOrdered(created);
  };
  const buyEntry = useDialogSubmit<EntryResult, { entryId: string; note: string }, OrderCreated>(
    ({ entryId, note }) => eventsApi.order(slug, { note, entryId, key: accessKey }),
    afterOrder,
  );
  const send = useDialogSubmit<true, string, OrderCreated>(
    (note) => eventsApi.order(slug, { note, key: accessKey }),
    afterOrder,
  );
  const buying = buyEntry.openFor;

  if (!ready) {
    return <LoadingLine text={t('common:loading')} />;
  }

  const hearts = picks ? pickSlots(state) : undefined;
  const tools: EntryTools = {
    tileActions: hearts?.tileActions,
    lightboxActions: hearts?.lightboxActions,
    entryAction: (entry) => (
      <>
        <button type="button" className="button" data-testid="buy-entry" onClick={() => buyEntry.open(entry)}>
          {t('buy.entry', { price: isolateFor(language, formatMoney(entry.wholeEntry.total, language)) })}
        </button>
        {entry.wholeEntry.horses > 1 ? (
          <p className="muted entry-card__horses">{t('buy.horses', { count: entry.wholeEntry.horses })}</p>
        ) : null}
      </>
    ),
  };

  const order = picks?.order ?? null;
  return (
    <>
      {order ? (
        <div className="event-order">
          <OrderStatusPanel order={order} language={language} focusOnShow={ordered?.id === order.id} />
          <p className="event-order__where">
            {t('order.where')} <Link to="/me">{t('order.myPhotos')}</Link>
          </p>
        </div>
      ) : null}
      {ordered && ordered.id !== order?.id ? <OrderSent order={ordered} language={language} /> : null}
      {state.query.isError ? (
        <LoadFailed text={t('buy.unavailable')} className="events-state" onRetry={state.query.refetch} />
      ) : null}
      <EventSearch slug={slug} accessKey={accessKey} language={language} tools={tools} />
      {picks && (picks.count > 0 || state.errorKey) ? (
        <SendSelection picks={picks} language={language} errorKey={state.errorKey} send={send} />
      ) : null}
      {buying ? (
        <BuyEntryDialog
          entry={buying}
          language={language}
          busy={buyEntry.busy}
          errorKey={buyEntry.errorKey}
          onBuy={(note) => buyEntry.submit({ entryId: buying.id, note })}
          onClose={buyEntry.close}
        />
      ) : null}
    </>
  );
}
