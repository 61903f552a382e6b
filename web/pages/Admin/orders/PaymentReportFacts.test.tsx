// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '../../../../shared/schemas/proofing';
import { anAdminOrder } from '../../../test-orders';
import { testTexts } from '../../../test-texts';
import { OrderCard } from './OrderCard';
import { todayIso } from './order-format';

const reported: AdminOrder = anAdminOrder({
  reference: 'HD-1042',
  paymentReport: { method: 'paybox', note: 'שילמתי מהחשבון של אמא', at: '2026-05-02T08:30:00.000Z' },
  items: [],
});

async function renderCard(order: AdminOrder) {
  const instance = await testTexts('en', ['common', 'home', 'admin', 'sales'], 'admin');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={instance}>
        <ul>
          <OrderCard order={order} />
        </ul>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('a payment the client reported, on the order card', () => {
  it('shows how and when they paid, and their note in its own direction', async () => {
    await renderCard(reported);
    const facts = await screen.findByTestId('order-payment-report');
    expect(facts).toHaveTextContent(/^PayBox · May 2, 2026/);
    expect(within(facts).getByText('שילמתי מהחשבון של אמא').tagName).toBe('BDI');
  });

  it('fills "mark paid" with the reported method and today', async () => {
    await renderCard(reported);
    fireEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    const form = screen.getByRole('form', { name: 'Mark paid' });
    expect(within(form).getByLabelText('PayBox')).toBeChecked();
    expect(within(form).getByLabelText('Date of payment')).toHaveValue(todayIso());
  });

  it('shows nothing of a report once the order is paid', async () => {
    await renderCard({
      ...reported,
      status: 'paid',
      payment: { method: 'paybox', amount: { amount: 600, currency: 'ILS' }, paidAt: '2026-05-03' },
    });
    expect(screen.queryByTestId('order-payment-report')).toBeNull();
  });
});
