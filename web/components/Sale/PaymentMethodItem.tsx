import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodEntry } from '../../../shared/schemas/payments';
import { CopyButton } from './CopyButton';

/** The QR encoder comes with the first payment link shown, not with the page. */
const PaymentQrCode = lazy(() => import('./PaymentQrCode'));

/** A value the client copies into their banking or payment app: shown left to right, with its copy button. */
function CopyableValue({ hint, value, multiline = false }: { hint: string; value: string; multiline?: boolean }) {
  const hintId = useId();
  return (
    <>
      <p id={hintId} className="payment-method__hint">
        {hint}
      </p>
      <div className="payment-method__value">
        {multiline ? (
          <bdi className="payment-method__details">{value}</bdi>
        ) : (
          <bdi dir="ltr" className="payment-method__number">
            {value}
          </bdi>
        )}
        <CopyButton value={value} labelId={hintId} />
      </div>
    </>
  );
}

/** A link that pays: opened in a new tab (which learns nothing of this page), and as a QR code for a phone. */
function PaymentLink({ url, label, hint }: { url: string; label: string; hint?: string }) {
  const { t } = useTranslation('sales');
  return (
    <>
      {hint ? <p className="payment-method__hint">{hint}</p> : null}
      <a className="button payment-method__open" href={url} target="_blank" rel="noopener noreferrer">
        <bdi>{label}</bdi> <span className="visually-hidden">{t('payment.newTab')}</span>
      </a>
      <p className="muted payment-method__qr-hint">{t('payment.qr')}</p>
      <Suspense fallback={<div className="payment-qr payment-qr--loading" />}>
        <PaymentQrCode url={url} label={t('payment.qrLabel', { url })} />
      </Suspense>
    </>
  );
}

/**
 * One way to pay as the client sees it. Bit has no public link to a number, so a phone number (Bit's or PayBox's) is
 * copied; a PayBox link opens PayBox (the app, on a phone that has it); bank details are copied whole; a payment link
 * opens in a new tab.
 */
export function PaymentMethodItem({ method }: { method: PaymentMethodEntry }) {
  const { t } = useTranslation(['sales', 'home']);
  const name = t(`home:pricing.methods.${method.kind}`);
  return (
    <li className="payment-method" data-kind={method.kind}>
      <h4 className="payment-method__name">{name}</h4>
      {method.kind === 'bit' ? <CopyableValue hint={t('payment.bitHint')} value={method.phone} /> : null}
      {method.kind === 'paybox' && 'phone' in method ? (
        <CopyableValue hint={t('payment.payboxPhoneHint')} value={method.phone} />
      ) : null}
      {method.kind === 'paybox' && 'link' in method ? (
        <PaymentLink url={method.link} label={t('payment.openPaybox')} hint={t('payment.payboxLinkHint')} />
      ) : null}
      {method.kind === 'bank' ? <CopyableValue hint={t('payment.bankHint')} value={method.details} multiline /> : null}
      {method.kind === 'cash' ? <p className="payment-method__hint">{t('payment.cash')}</p> : null}
      {method.kind === 'link' ? <PaymentLink url={method.url} label={method.label} /> : null}
    </li>
  );
}
