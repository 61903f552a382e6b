import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateFor } from '../../../../shared/bidi';
import { formatMoney } from '../../../../shared/money';
import { AGOROT_PER_SHEKEL, PAYMENT_METHODS, type PaymentMethod } from '../../../../shared/pricing';
import type { AdminOrder, AdminOrderPatch } from '../../../../shared/schemas/proofing';
import { Dialog } from '../../../components/Dialog';
import { FormMessage } from '../../../components/FormMessage';
import { useSubmit } from '../../../hooks/useSubmit';
import { currentLanguage } from '../../../i18n';
import { adminKeys } from '../shared/admin-api';
import { formatDateTime } from '../shared/format';
import { agorotFromInput, formatDay, todayIso } from './order-format';
import { orderArchiveUrl, ordersApi, ordersKeys } from './orders-api';

/** How many thumbnails a card shows before "+N more". */
const THUMBNAILS_SHOWN = 12;

type Step = 'pay' | 'deliver' | 'cancel' | null;

/** "Mark paid": the method, the amount received (the total by default) and the day (today by default). */
function PaymentForm({
  order,
  busy,
  onSubmit,
  onBack,
  onInvalid,
}: {
  order: AdminOrder;
  busy: boolean;
  onSubmit: (patch: AdminOrderPatch) => void;
  onBack: () => void;
  onInvalid: () => void;
}) {
  const { t } = useTranslation(['admin', 'home']);
  const [method, setMethod] = useState<PaymentMethod>('bit');
  const [amount, setAmount] = useState((order.total.amount / AGOROT_PER_SHEKEL).toFixed(2));
  const [paidAt, setPaidAt] = useState(todayIso);
  const amountId = useId();
  const dateId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const agorot = agorotFromInput(amount);
    if (agorot === null || !paidAt) {
      onInvalid();
      return;
    }
    onSubmit({ status: 'paid', paymentMethod: method, amount: agorot, paidAt });
  };
  return (
    <form className="order-step" onSubmit={submit} aria-label={t('orders.markPaid')}>
      <fieldset className="order-step__choices">
        <legend>{t('orders.method')}</legend>
        {PAYMENT_METHODS.map((value) => (
          <label key={value} className="order-step__choice">
            <input
              type="radio"
              name={`method-${order.id}`}
              value={value}
              checked={method === value}
              onChange={() => setMethod(value)}
            />
            {t(`home:pricing.methods.${value}`)}
          </label>
        ))}
      </fieldset>
      <div className="order-step__fields">
        <div className="form-field">
          <label htmlFor={amountId}>{t('orders.amount')}</label>
          <input
            id={amountId}
            name="amount"
            inputMode="decimal"
            dir="ltr"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
          />
        </div>
        <div className="form-field">
          <label htmlFor={dateId}>{t('orders.paidAt')}</label>
          <input
            id={dateId}
            name="paidAt"
            type="date"
            value={paidAt}
            max={todayIso()}
            onChange={(event) => setPaidAt(event.currentTarget.value)}
          />
        </div>
      </div>
      <div className="order-step__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('orders.working') : t('orders.confirmPaid')}
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={onBack}>
          {t('orders.back')}
        </button>
      </div>
    </form>
  );
}

/** "Deliver": only the picked photos, or the whole gallery (which switches it to delivered). */
function DeliveryForm({
  order,
  busy,
  onSubmit,
  onBack,
}: {
  order: AdminOrder;
  busy: boolean;
  onSubmit: (patch: AdminOrderPatch) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('admin');
  const [deliver, setDeliver] = useState<'picked' | 'gallery'>('picked');
  return (
    <form
      className="order-step"
      aria-label={t('orders.deliver')}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ status: 'delivered', deliver });
      }}
    >
      <fieldset className="order-step__choices order-step__choices--stacked">
        <legend>{t('orders.deliverWhat')}</legend>
        {/* A competition's order delivers its photos; "the whole gallery" is the client's own proofing gallery. */}
        {(order.event ? (['picked'] as const) : (['picked', 'gallery'] as const)).map((value) => (
          <label key={value} className="order-step__choice">
            <input
              type="radio"
              name={`deliver-${order.id}`}
              value={value}
              checked={deliver === value}
              onChange={() => setDeliver(value)}
            />
            <span>
              <strong>{t(`orders.deliverChoice.${value}`)}</strong>
              <span className="muted order-step__hint">{t(`orders.deliverHint.${value}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="order-step__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('orders.working') : t('orders.confirmDeliver')}
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={onBack}>
          {t('orders.back')}
        </button>
      </div>
    </form>
  );
}

/**
 * One order: the client (name and address isolated, so a Latin address keeps its order in Hebrew), the picked
 * photos, the note, the amount and payment, each step with its time, and the next steps the order allows.
 */
export function OrderCard({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation(['admin', 'home']);
  const language = currentLanguage(i18n);
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(null);
  const nameId = useId();
  const update = useSubmit((patch: AdminOrderPatch) => ordersApi.update(order.id, patch), {
    onSuccess: async () => {
      setStep(null);
      await queryClient.invalidateQueries({ queryKey: ordersKeys.all });
      // Delivering the whole gallery switches its mode.
      await queryClient.invalidateQueries({ queryKey: adminKeys.folders });
    },
  });
  const money = (amount: number) =>
    isolateFor(language, formatMoney({ amount, currency: order.total.currency }, language));
  const open = order.status === 'submitted' || order.status === 'paid';
  const shown = order.items.slice(0, THUMBNAILS_SHOWN);
  const choose = (next: Step) => {
    update.reset();
    setStep(next);
  };

  return (
    <li className="order-card" data-testid="admin-order" data-status={order.status} data-email={order.client.email}>
      <div className="order-card__head">
        <strong id={nameId}>
          <bdi>{order.client.name || order.client.email}</bdi>
        </strong>
        <bdi dir="ltr" className="order-card__email">
          {order.client.email}
        </bdi>
        <span className={`badge order-badge order-badge--${order.status}`}>{t(`orders.status.${order.status}`)}</span>
      </div>
      <p className="muted order-card__meta">
        {t('orders.created', { date: formatDateTime(order.createdAt, language) })} ·{' '}
        <bdi dir="ltr">{order.client.folder}</bdi>
      </p>

      <dl className="order-card__facts">
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
              {/* Start number, rider, horse and class, each keeping its own direction. */}
              <bdi>{order.entry.number}</bdi> · <bdi>{order.entry.rider}</bdi>
              {order.entry.horse ? (
                <>
                  {' · '}
                  <bdi>{order.entry.horse}</bdi>
                </>
              ) : null}
              {' · '}
              <bdi>{order.entry.class}</bdi>
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
        <ul className="order-card__thumbs" aria-label={t('orders.picks')}>
          {shown.map((item) => (
            <li key={item.id}>
              <img src={item.thumbnail} alt={item.name} loading="lazy" decoding="async" />
            </li>
          ))}
          {order.items.length > shown.length ? (
            <li className="order-card__more">{t('orders.more', { count: order.items.length - shown.length })}</li>
          ) : null}
        </ul>
      ) : null}

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

      <div className="order-card__actions">
        {order.status === 'submitted' ? (
          <button
            type="button"
            className="button"
            aria-describedby={nameId}
            aria-expanded={step === 'pay'}
            disabled={update.busy}
            onClick={() => choose(step === 'pay' ? null : 'pay')}
          >
            {t('orders.markPaid')}
          </button>
        ) : null}
        {order.status === 'paid' ? (
          <button
            type="button"
            className="button"
            aria-describedby={nameId}
            aria-expanded={step === 'deliver'}
            disabled={update.busy}
            onClick={() => choose(step === 'deliver' ? null : 'deliver')}
          >
            {t('orders.deliver')}
          </button>
        ) : null}
        {order.status !== 'cancelled' && order.items.length > 0 ? (
          <a className="button button--ghost" href={orderArchiveUrl(order.id)} download aria-describedby={nameId}>
            {t('orders.download')}
          </a>
        ) : null}
        {open ? (
          <button
            type="button"
            className="button button--ghost button--danger"
            aria-describedby={nameId}
            disabled={update.busy}
            onClick={() => choose('cancel')}
          >
            {t('orders.cancel')}
          </button>
        ) : null}
      </div>

      {step === 'pay' ? (
        <PaymentForm
          order={order}
          busy={update.busy}
          onSubmit={update.submit}
          onBack={() => choose(null)}
          onInvalid={() => update.fail('admin:orders.badPayment')}
        />
      ) : null}
      {step === 'deliver' ? (
        <DeliveryForm order={order} busy={update.busy} onSubmit={update.submit} onBack={() => choose(null)} />
      ) : null}
      {step === 'cancel' ? (
        <Dialog title={t('orders.cancelTitle')} tone="danger" onClose={() => (update.busy ? undefined : choose(null))}>
          <p>{t('orders.cancelText', { name: isolateFor(language, order.client.name || order.client.email) })}</p>
          <FormMessage kind="error" text={update.errorKey ? t(update.errorKey) : null} />
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={update.busy}
              data-autofocus
              onClick={() => choose(null)}
            >
              {t('orders.keep')}
            </button>
            <button
              type="button"
              className="button button--danger-solid"
              disabled={update.busy}
              onClick={() => update.submit({ status: 'cancelled' })}
            >
              {update.busy ? t('orders.working') : t('orders.cancelConfirm')}
            </button>
          </div>
        </Dialog>
      ) : null}
      {step === 'cancel' ? null : <FormMessage kind="error" text={update.errorKey ? t(update.errorKey) : null} />}
    </li>
  );
}
