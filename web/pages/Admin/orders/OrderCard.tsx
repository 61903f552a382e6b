import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateFor } from '../../../../shared/bidi';
import { formatMoney } from '../../../../shared/money';
import type { AdminOrder } from '../../../../shared/schemas/proofing';
import { currentLanguage } from '../../../i18n';
import { formatDateTime } from '../shared/format';
import { RowHead } from '../shared/RowHead';
import { EditedMark } from './EditedMark';
import { OrderActions } from './OrderActions';
import { CopyFileNames, PickFileName } from './OrderFileNames';
import { formatDay } from './order-format';
import { PaymentReportFacts } from './PaymentReportFacts';

/** How many thumbnails a card shows before "+N more". */
const THUMBNAILS_SHOWN = 12;

/**
 * One order: the client (name and address isolated, so a Latin address keeps its order in Hebrew), the picked
 * photos, the note, the amount and payment, each step with its time, and the next steps the order allows.
 */
export function OrderCard({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation(['admin', 'home']);
  const language = currentLanguage(i18n);
  const nameId = useId();
  const money = (amount: number) =>
    isolateFor(language, formatMoney({ amount, currency: order.total.currency }, language));
  const shown = order.items.slice(0, THUMBNAILS_SHOWN);

  return (
    <li className="order-card" data-testid="admin-order" data-status={order.status} data-email={order.client.email}>
      <RowHead className="order-card__head" name={order.client.name || order.client.email} nameId={nameId}>
        <bdi dir="ltr" className="order-card__email">
          {order.client.email}
        </bdi>
        <span className={`badge order-badge order-badge--${order.status}`}>{t(`orders.status.${order.status}`)}</span>
      </RowHead>
      <p className="muted order-card__meta">
        {t('orders.created', { date: formatDateTime(order.createdAt, language) })} ·{' '}
        <bdi dir="ltr">{order.client.folder}</bdi>
      </p>

      <dl className="admin-facts order-card__facts">
        {order.event ? (
          <div>
            <dt>{t('orders.event')}</dt>
            <dd data-testid="order-event">
              <bdi>{order.event.name}</bdi>
            </dd>
          </div>
        ) : null}
        {order.entry ? (
          <div>
            <dt>{t('orders.wholeEntry')}</dt>
            <dd data-testid="order-entry">
              {/* Start number, rider, horse and class (those the start list gives), each keeping its direction. */}
              {(['number', 'rider', 'horse', 'class'] as const)
                .filter((field) => order.entry?.[field])
                .map((field, place) => (
                  <Fragment key={field}>
                    {place > 0 ? ' · ' : null}
                    <bdi>{order.entry?.[field]}</bdi>
                  </Fragment>
                ))}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('orders.picks')}</dt>
          <dd>{order.count.toLocaleString(language)}</dd>
        </div>
        <div>
          <dt>{t('orders.total')}</dt>
          <dd data-testid="order-total">
            <bdi>{formatMoney(order.total, language)}</bdi>
          </dd>
        </div>
        <PaymentReportFacts order={order} />
        {order.payment ? (
          <div>
            <dt>{t('orders.payment')}</dt>
            <dd data-testid="order-payment">
              {t('orders.paidWith', {
                amount: money(order.payment.amount.amount),
                method: t(`home:pricing.methods.${order.payment.method}`),
                date: formatDay(order.payment.paidAt, language),
              })}
            </dd>
          </div>
        ) : null}
        {order.delivery ? (
          <div>
            <dt>{t('orders.delivery')}</dt>
            <dd>{t(`orders.deliverChoice.${order.delivery}`)}</dd>
          </div>
        ) : null}
      </dl>

      {shown.length > 0 ? (
        <ul className="tile-grid order-card__thumbs" aria-label={t('orders.picks')}>
          {shown.map((item) => (
            <li key={item.id}>
              <img src={item.thumbnail} alt={item.name} loading="lazy" decoding="async" />
              <PickFileName name={item.name} />
              <EditedMark edited={item.edited} />
            </li>
          ))}
          {order.items.length > shown.length ? (
            <li className="order-card__more">{t('orders.more', { count: order.items.length - shown.length })}</li>
          ) : null}
        </ul>
      ) : null}
      <CopyFileNames items={order.items} />

      <div className="order-card__note">
        <h3>{t('orders.note')}</h3>
        {order.note ? (
          <p data-testid="order-note">
            <bdi>{order.note}</bdi>
          </p>
        ) : (
          <p className="muted">{t('orders.noNote')}</p>
        )}
      </div>

      <div className="order-card__history">
        <h3>{t('orders.history')}</h3>
        <ol>
          {order.history.map((event) => (
            <li key={`${event.status}-${event.at}`}>
              {t(`orders.status.${event.status}`)}{' '}
              <time dateTime={event.at} className="muted">
                {formatDateTime(event.at, language)}
              </time>
            </li>
          ))}
        </ol>
      </div>

      <OrderActions order={order} nameId={nameId} />
    </li>
  );
}
