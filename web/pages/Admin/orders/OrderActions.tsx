import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateFor } from '../../../../shared/bidi';
import type { AdminOrder, AdminOrderPatch } from '../../../../shared/schemas/proofing';
import { ConfirmDialog } from '../../../components/Dialog';
import { FormMessage } from '../../../components/FormMessage';
import { useSubmit } from '../../../hooks/useSubmit';
import { currentLanguage } from '../../../i18n';
import { adminKeys } from '../shared/admin-api';
import { DeliveryStep } from './DeliveryStep';
import { PaymentForm } from './OrderStepForms';
import { orderArchiveUrl, ordersApi, ordersKeys } from './orders-api';

type Step = 'pay' | 'deliver' | 'cancel' | null;

/** The step forward an order's status allows, and its button: a submitted order is paid, a paid one delivered. */
const FORWARD: Partial<
  Record<AdminOrder['status'], { step: 'pay' | 'deliver'; label: 'orders.markPaid' | 'orders.deliver' }>
> = {
  submitted: { step: 'pay', label: 'orders.markPaid' },
  paid: { step: 'deliver', label: 'orders.deliver' },
};

/**
 * An order's next steps: mark paid (submitted), deliver (paid), download the picks and cancel (while open). One step
 * is open at a time, as its form or, for cancelling, a question; saving it closes it and refreshes the orders.
 * `nameId` is the client's name on the card, which names the order each button acts on.
 */
export function OrderActions({ order, nameId }: { order: AdminOrder; nameId: string }) {
  const { t, i18n } = useTranslation(['admin', 'home']);
  const language = currentLanguage(i18n);
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(null);
  const update = useSubmit((patch: AdminOrderPatch) => ordersApi.update(order.id, patch), {
    onSuccess: async () => {
      setStep(null);
      await queryClient.invalidateQueries({ queryKey: ordersKeys.all });
      // Delivering the whole gallery switches its mode.
      await queryClient.invalidateQueries({ queryKey: adminKeys.folders });
    },
  });
  const open = order.status === 'submitted' || order.status === 'paid';
  const forward = FORWARD[order.status];
  const choose = (next: Step) => {
    update.reset();
    setStep(next);
  };

  return (
    <>
      <div className="order-card__actions">
        {forward ? (
          <button
            type="button"
            className="button"
            aria-describedby={nameId}
            aria-expanded={step === forward.step}
            disabled={update.busy}
            onClick={() => choose(step === forward.step ? null : forward.step)}
          >
            {t(forward.label)}
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
        <DeliveryStep order={order} busy={update.busy} onSubmit={update.submit} onBack={() => choose(null)} />
      ) : null}
      {step === 'cancel' ? (
        <ConfirmDialog
          title={t('orders.cancelTitle')}
          tone="danger"
          confirmLabel={t('orders.cancelConfirm')}
          busyLabel={t('orders.working')}
          cancelLabel={t('orders.keep')}
          busy={update.busy}
          error={update.errorKey ? t(update.errorKey) : null}
          focusCancel
          onConfirm={() => update.submit({ status: 'cancelled' })}
          onCancel={() => choose(null)}
        >
          <p>{t('orders.cancelText', { name: isolateFor(language, order.client.name || order.client.email) })}</p>
        </ConfirmDialog>
      ) : null}
      {step === 'cancel' ? null : <FormMessage kind="error" text={update.errorKey ? t(update.errorKey) : null} />}
    </>
  );
}
