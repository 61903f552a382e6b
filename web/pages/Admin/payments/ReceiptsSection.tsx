import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelQueryState } from '../shared/PanelQueryState';
import { BusinessDetailsForm } from './BusinessDetailsForm';
import { ReceiptList } from './ReceiptList';
import { receiptsApi, receiptsKeys } from './receipts-api';
import './receipts.css';

/**
 * The business's details printed on receipts, and every receipt issued, by year. Receipts are issued by the server
 * when an order is marked paid (never refused for missing details: the form then says what receipts lack).
 */
export function ReceiptsSection() {
  const { t } = useTranslation('sales');
  const titleId = useId();
  const business = useQuery({ queryKey: receiptsKeys.business, queryFn: receiptsApi.business });
  return (
    <section className="receipts-section" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('receipt.admin.title')}</h3>
      <p className="muted">{t('receipt.admin.intro')}</p>
      <PanelQueryState query={business} error={t('receipt.admin.loadFailed')}>
        {(data) => <BusinessDetailsForm details={data.details} />}
      </PanelQueryState>
      <ReceiptList />
    </section>
  );
}
