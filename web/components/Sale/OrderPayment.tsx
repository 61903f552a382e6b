import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/money';
import { AGOROT_PER_SHEKEL } from '../../../shared/pricing';
import type { PaymentKind } from '../../../shared/schemas/payments';
import type { ClientOrder } from '../../../shared/schemas/proofing';
import { currentLanguage } from '../../i18n';
import { CopyButton } from './CopyButton';
import { PaymentMethodItem } from './PaymentMethodItem';
import { PaymentReport } from './PaymentReport';
import './sale.css';

/**
 * A fact the client types into a payment app (the amount, the reference), with its copy button; `ltr` keeps a
 * reference in its own order inside a right-to-left page.
 */
function CopyableFact({
  label,
  shown,
  copied,
  ltr = false,
}: {
  label: string;
  shown: string;
  copied: string;
  ltr?: boolean;
}) {
  const labelId = useId();
  return (
    <div className="payment-box__fact">
      <dt id={labelId}>{label}</dt>
      <dd>
        <bdi dir={ltr ? 'ltr' : undefined}>{shown}</bdi>
        <CopyButton value={copied} labelId={labelId} />
      </dd>
    </div>
  );
}

/**
 * How to pay an unpaid order (the server sends `payment` only while it is unpaid and the photographer has set up a
 * way to pay): the amount and the reference to quote, each way to pay, and the form that reports a payment. Without
 * it the order panel keeps its general sentence about paying.
 */
export function OrderPayment({ order }: { order: ClientOrder }) {
  const { t, i18n } = useTranslation('sales');
  const language = currentLanguage(i18n);
  const titleId = useId();
  const { payment } = order;
  if (order.status !== 'submitted' || !payment) return null;
  // The amount as it is typed into Bit or a transfer: digits only, no currency sign.
  const typedAmount = (payment.amount.amount / AGOROT_PER_SHEKEL).toFixed(2);
  const kinds = [...new Set(payment.methods.map((method) => method.kind))] as PaymentKind[];
  return (
    <section className="payment-box" aria-labelledby={titleId} data-testid="order-payment">
      <h3 id={titleId}>{t('payment.title')}</h3>
      <p className="muted">{t('payment.intro')}</p>
      <dl className="payment-box__facts">
        <CopyableFact label={t('payment.amount')} shown={formatMoney(payment.amount, language)} copied={typedAmount} />
        <CopyableFact label={t('payment.reference')} shown={payment.reference} copied={payment.reference} ltr />
      </dl>
      <ul className="payment-box__methods">
        {payment.methods.map((method) => (
          // Two methods of one kind are allowed (two Bit numbers), so the whole method is the key.
          <PaymentMethodItem key={JSON.stringify(method)} method={method} />
        ))}
      </ul>
      <PaymentReport order={order} kinds={kinds} />
    </section>
  );
}
