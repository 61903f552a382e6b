import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGOROT_PER_SHEKEL, PAYMENT_METHODS, type PaymentMethod } from '../../../../shared/pricing';
import type { AdminOrder, AdminOrderPatch } from '../../../../shared/schemas/proofing';
import { TextField } from '../../../components/TextField';
import { agorotFromInput, todayIso } from './order-format';

interface StepFormProps {
  order: AdminOrder;
  busy: boolean;
  onSubmit: (patch: AdminOrderPatch) => void;
  onBack: () => void;
}

/** A step's two buttons: go ahead (which says it is working while the change is saved) and back to the card. */
function StepActions({ busy, confirmLabel, onBack }: { busy: boolean; confirmLabel: string; onBack: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="order-step__actions">
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('orders.working') : confirmLabel}
      </button>
      <button type="button" className="button button--ghost" disabled={busy} onClick={onBack}>
        {t('orders.back')}
      </button>
    </div>
  );
}

/**
 * "Mark paid": the method (the one the client reported, else Bit), the amount received (the total by default) and the
 * day (today by default).
 */
export function PaymentForm({ order, busy, onSubmit, onBack, onInvalid }: StepFormProps & { onInvalid: () => void }) {
  const { t } = useTranslation(['admin', 'home']);
  const [method, setMethod] = useState<PaymentMethod>(order.paymentReport?.method ?? 'bit');
  const [amount, setAmount] = useState((order.total.amount / AGOROT_PER_SHEKEL).toFixed(2));
  const [paidAt, setPaidAt] = useState(todayIso);
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
    <form className="admin-box order-step" onSubmit={submit} aria-label={t('orders.markPaid')}>
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
        <TextField
          label={t('orders.amount')}
          name="amount"
          inputMode="decimal"
          dir="ltr"
          value={amount}
          onChange={setAmount}
        />
        <TextField
          label={t('orders.paidAt')}
          name="paidAt"
          type="date"
          value={paidAt}
          max={todayIso()}
          onChange={setPaidAt}
        />
      </div>
      <StepActions busy={busy} confirmLabel={t('orders.confirmPaid')} onBack={onBack} />
    </form>
  );
}

/** "Deliver": only the picked photos, or the whole gallery (which switches it to delivered). */
export function DeliveryForm({ order, busy, onSubmit, onBack }: StepFormProps) {
  const { t } = useTranslation('admin');
  const [deliver, setDeliver] = useState<'picked' | 'gallery'>('picked');
  return (
    <form
      className="admin-box order-step"
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
      <StepActions busy={busy} confirmLabel={t('orders.confirmDeliver')} onBack={onBack} />
    </form>
  );
}
