import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/money';
import { currentLanguage } from '../../../i18n';
import { formatDay } from '../orders/order-format';
import { PanelQueryState } from '../shared/PanelQueryState';
import { receiptsApi, receiptsCsvUrl, receiptsKeys } from './receipts-api';

/**
 * The receipts of one calendar year, in number order: each opens its printable page in a new tab, and the whole year
 * downloads as a CSV file for the accountant. The chooser offers every year that has receipts, and this one.
 */
export function ReceiptList() {
  const { t, i18n } = useTranslation(['sales', 'home']);
  const language = currentLanguage(i18n);
  const yearId = useId();
  const [year, setYear] = useState(() => new Date().getFullYear());
  // The previous year's answer stays on screen while the next one loads, so the chooser does not vanish.
  const query = useQuery({
    queryKey: receiptsKeys.list(year),
    queryFn: () => receiptsApi.list(year),
    placeholderData: (previous) => previous,
  });
  const years = query.data?.years ?? [year];
  return (
    <div className="receipt-list">
      <h4>{t('receipt.admin.listTitle')}</h4>
      <div className="admin-toolbar">
        <span className="admin-inline-field">
          <label htmlFor={yearId}>{t('receipt.admin.year')}</label>
          <select id={yearId} value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </span>
        <a className="button button--ghost" href={receiptsCsvUrl(year)} download>
          {t('receipt.admin.downloadCsv')}
        </a>
      </div>
      <PanelQueryState
        query={query}
        error={t('receipt.admin.listFailed')}
        isEmpty={(data) => data.receipts.length === 0}
        empty={t('receipt.admin.empty')}
      >
        {(data) => (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('receipt.admin.number')}</th>
                <th scope="col">{t('receipt.admin.date')}</th>
                <th scope="col">{t('receipt.admin.client')}</th>
                <th scope="col">{t('receipt.admin.amount')}</th>
                <th scope="col">{t('receipt.admin.method')}</th>
              </tr>
            </thead>
            <tbody>
              {data.receipts.map((receipt) => (
                <tr key={receipt.number} data-testid="receipt-row">
                  <td>
                    <a href={receipt.url} target="_blank" rel="noopener">
                      <bdi>{receipt.number}</bdi>
                    </a>
                  </td>
                  <td>
                    <bdi>{formatDay(receipt.paidOn, language)}</bdi>
                  </td>
                  <td>
                    <bdi>{receipt.client.name || receipt.client.email}</bdi>
                  </td>
                  <td>
                    <bdi>{formatMoney(receipt.amount, language)}</bdi>
                  </td>
                  <td>{t(`home:pricing.methods.${receipt.method}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PanelQueryState>
    </div>
  );
}
