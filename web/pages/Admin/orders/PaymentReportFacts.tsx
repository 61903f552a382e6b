import { useTranslation } from 'react-i18next';
import type { AdminOrder } from '../../../../shared/schemas/proofing';
import { useNamespace } from '../../../hooks/useNamespace';
import { currentLanguage } from '../../../i18n';
import { formatDateTime } from '../shared/format';

/**
 * On an order card, the payment the client reported while the order waits for the photographer to confirm it: how,
 * when, and their note (in its own direction).
 */
export function PaymentReportFacts({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation(['sales', 'home']);
  const ready = useNamespace('sales');
  const report = order.paymentReport;
  if (!ready || !report || order.status !== 'submitted') return null;
  const language = currentLanguage(i18n);
  return (
    <div>
      <dt>{t('report.admin.label')}</dt>
      <dd data-testid="order-payment-report">
        {t('report.admin.value', {
          method: t(`home:pricing.methods.${report.method}`),
          date: formatDateTime(report.at, language),
        })}
        {report.note ? (
          <>
            <br />
            <bdi>{report.note}</bdi>
          </>
        ) : null}
      </dd>
    </div>
  );
}
