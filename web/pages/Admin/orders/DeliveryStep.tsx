import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateFor } from '../../../../shared/bidi';
import type { AdminOrder, AdminOrderPatch } from '../../../../shared/schemas/proofing';
import { ConfirmDialog } from '../../../components/Dialog';
import { useNamespace } from '../../../hooks/useNamespace';
import { currentLanguage } from '../../../i18n';
import { DeliveryForm } from './OrderStepForms';

/** The picked photos of an order that no edited version has replaced yet. */
export function uneditedItems(order: AdminOrder): AdminOrder['items'] {
  return order.items.filter((item) => !item.edited);
}

interface DeliveryStepProps {
  order: AdminOrder;
  busy: boolean;
  onSubmit: (patch: AdminOrderPatch) => void;
  onBack: () => void;
}

/**
 * The "Deliver" step: its form, and a question before delivering when some picked photos have no edited version
 * yet (the client would get the unedited originals). Delivering anyway sends the step as the form would; "Back"
 * leaves the form open, to upload the edits first.
 */
export function DeliveryStep({ order, busy, onSubmit, onBack }: DeliveryStepProps) {
  const { t, i18n } = useTranslation('sales');
  const ready = useNamespace('sales');
  const language = currentLanguage(i18n);
  const [asking, setAsking] = useState<AdminOrderPatch | null>(null);
  const missing = uneditedItems(order).length;
  const deliver = (patch: AdminOrderPatch) => (missing > 0 ? setAsking(patch) : onSubmit(patch));
  const number = (value: number) => isolateFor(language, value.toLocaleString(language));

  return (
    <>
      {/* The question needs its texts: until they are loaded the step waits, as it does while saving. */}
      <DeliveryForm order={order} busy={busy || (missing > 0 && !ready)} onSubmit={deliver} onBack={onBack} />
      {asking ? (
        <ConfirmDialog
          title={t('orderCard.uneditedTitle')}
          confirmLabel={t('orderCard.deliverAnyway')}
          cancelLabel={t('orderCard.back')}
          focusCancel
          onConfirm={() => {
            setAsking(null);
            onSubmit(asking);
          }}
          onCancel={() => setAsking(null)}
        >
          <p>
            {t('orderCard.unedited', { count: missing, missing: number(missing), total: number(order.items.length) })}
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
