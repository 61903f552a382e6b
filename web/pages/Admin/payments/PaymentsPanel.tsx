import { useTranslation } from 'react-i18next';
import { LoadingLine } from '../../../components/QueryState';
import { useNamespace } from '../../../hooks/useNamespace';
import { PaymentMethodsSection } from './PaymentMethodsSection';
import { ReceiptsSection } from './ReceiptsSection';

/**
 * The Payments tab: how clients can pay (methods and reminders) and the receipts the site issues for paid orders
 * (the business's details and every receipt, by year).
 */
export function PaymentsPanel() {
  const { t } = useTranslation(['sales', 'common']);
  const ready = useNamespace('sales');
  if (!ready) return <LoadingLine text={t('common:loading')} />;
  return (
    <div className="payments-panel">
      <h2 className="admin-subtitle">{t('settings.title')}</h2>
      <PaymentMethodsSection />
      <ReceiptsSection />
    </div>
  );
}
