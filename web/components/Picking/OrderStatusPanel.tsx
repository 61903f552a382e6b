import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/i18n/languages';
import { formatMoney } from '../../../shared/money';
import type { ClientOrder } from '../../../shared/schemas/proofing';
import { OrderNextSteps } from '../Sale/OrderNextSteps';
import { formatWhen } from './picks-logic';
import './picking.css';

/**
 * Where the client's latest order stands: its status in words, what happens next, what was ordered and for how
 * much, and each step with its date. While it is open (sent or paid) the selection above it is locked.
 */
export function OrderStatusPanel({
  order,
  language,
  focusOnShow = false,
}: {
  order: ClientOrder;
  language: Language;
  /** Moves focus to the panel's heading (just after sending, when the button that had it is gone). */
  focusOnShow?: boolean;
}) {
  const { t } = useTranslation(['proofing', 'common']);
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) titleRef.current?.focus();
  }, [focusOnShow]);
  return (
    <section
      className={`accent-box order-status order-status--${order.status}`}
      aria-labelledby={titleId}
      data-testid="order-status"
      data-status={order.status}
    >
      <div className="order-status__head">
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className="order-status__title">
          {t('order.title')}
        </h2>
        <span className="order-status__badge">{t(`order.status.${order.status}`)}</span>
      </div>
      <p className="order-status__explain">{t(`order.explain.${order.status}`)}</p>
      {order.status === 'submitted' && !order.payment ? <p className="muted">{t('common:footer.payment')}</p> : null}
      <p className="order-status__what">
        {t('order.count', { count: order.count })} ·{' '}
        <bdi data-testid="order-total">{formatMoney(order.total, language)}</bdi>
      </p>
      <OrderNextSteps order={order} />
      {order.note ? (
        <div className="order-status__note">
          <h3>{t('order.note')}</h3>
          <p>
            <bdi>{order.note}</bdi>
          </p>
        </div>
      ) : null}
      <h3 className="visually-hidden">{t('order.history')}</h3>
      <ol className="order-status__history">
        {order.history.map((event) => (
          <li key={`${event.status}-${event.at}`}>
            <span>{t(`order.status.${event.status}`)}</span>{' '}
            <time dateTime={event.at} className="muted">
              {formatWhen(event.at, language)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
