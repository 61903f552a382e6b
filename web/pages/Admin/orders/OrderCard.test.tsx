// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isolate } from '../../../../shared/bidi';
import type { AdminOrder } from '../../../../shared/schemas/proofing';
import { testTexts } from '../../../test-texts';
import { OrderCard } from './OrderCard';
import { todayIso } from './order-format';

async function renderCard(order: AdminOrder, language = 'en') {
  const instance = await testTexts(language, ['common', 'home', 'admin'], 'admin');
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={instance}>
        <ul>
          <OrderCard order={order} />
        </ul>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

function order(status: AdminOrder['status'], overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: '0b6c1e0e-9a55-4a53-9a3e-1c2f9b5d7a10',
    status,
    count: 3,
    total: { amount: 600, currency: 'ILS' },
    note: 'Black and white, please',
    createdAt: '2026-05-01T10:00:00.000Z',
    history: [{ status: 'submitted', at: '2026-05-01T10:00:00.000Z' }],
    client: { name: 'נועה כהן', email: 'noa@example.com', folder: 'noa_example_com' },
    items: ['a', 'b', 'c'].map((id) => ({
      id,
      name: `${id}.jpg`,
      thumbnail: `/media/${id}/480.webp`,
      kind: 'image',
      // Every pick has its edited version: delivering asks nothing (DeliveryStep.test.tsx covers the question).
      edited: true,
    })),
    payment: null,
    delivery: null,
    kind: 'picks',
    event: null,
    entry: null,
    ...overrides,
  };
}

/** Answers every PATCH with the order in its new state; records what was sent. */
function stubFetch() {
  const sent: Array<{ url: string; method: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    sent.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : null });
    return new Response(JSON.stringify({}), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('an order card', () => {
  it('shows the client isolated, the picks, the note and the amount', async () => {
    await renderCard(order('submitted'));
    const card = screen.getByTestId('admin-order');
    expect(within(card).getByText('נועה כהן').tagName).toBe('BDI');
    expect(within(card).getByText('noa@example.com')).toHaveAttribute('dir', 'ltr');
    expect(
      within(card)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/media/a/480.webp', '/media/b/480.webp', '/media/c/480.webp']);
    expect(within(card).getByTestId('order-note')).toHaveTextContent('Black and white, please');
    expect(within(card).getByTestId('order-total')).toHaveTextContent('₪6.00');
  });

  it('offers for each state only the steps the order allows', async () => {
    const view = await renderCard(order('submitted'));
    expect(screen.getByRole('button', { name: 'Mark paid' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deliver' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    view.unmount();

    const paid = await renderCard(
      order('paid', { payment: { method: 'bit', amount: { amount: 600, currency: 'ILS' }, paidAt: '2026-05-02' } }),
    );
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Deliver' })).toBeInTheDocument();
    expect(screen.getByTestId('order-payment')).toHaveTextContent('₪6.00 · Bit ·');
    paid.unmount();

    await renderCard(order('delivered', { delivery: 'picked' }));
    expect(screen.queryByRole('button', { name: /Mark paid|Deliver|Cancel order/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download the picked originals' })).toHaveAttribute(
      'href',
      '/api/admin/orders/0b6c1e0e-9a55-4a53-9a3e-1c2f9b5d7a10/archive',
    );
  });

  it('marks an order paid with the method, the total in shekels and today by default', async () => {
    const sent = stubFetch();
    await renderCard(order('submitted'));
    fireEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    const form = screen.getByRole('form', { name: 'Mark paid' });
    expect(within(form).getByLabelText('Amount received (₪)')).toHaveValue('6.00');
    expect(within(form).getByLabelText('Date of payment')).toHaveValue(todayIso());
    fireEvent.click(within(form).getByLabelText('PayBox'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/admin/orders/0b6c1e0e-9a55-4a53-9a3e-1c2f9b5d7a10',
      method: 'PATCH',
      body: { status: 'paid', paymentMethod: 'paybox', amount: 600, paidAt: todayIso() },
    });
  });

  it('refuses an amount that is not one, before sending', async () => {
    const sent = stubFetch();
    await renderCard(order('submitted'));
    fireEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    fireEvent.change(screen.getByLabelText('Amount received (₪)'), { target: { value: 'six' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the amount received in shekels');
    expect(sent).toHaveLength(0);
  });

  it('delivers the picked photos or the whole gallery', async () => {
    const sent = stubFetch();
    await renderCard(order('paid'));
    fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    fireEvent.click(screen.getByLabelText(/The whole gallery/));
    fireEvent.click(screen.getByRole('button', { name: 'Deliver now' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ status: 'delivered', deliver: 'gallery' });
  });

  it('names the competition and the ride of a whole-entry order, and delivers only its photos', async () => {
    await renderCard(
      order('paid', {
        kind: 'entry',
        event: { name: 'Spring Cup', slug: 'spring-cup' },
        entry: { number: '12', rider: 'נועה כהן', horse: 'Zorro', class: '1.10 m' },
      }),
    );
    expect(screen.getByTestId('order-event')).toHaveTextContent('Spring Cup');
    const entry = screen.getByTestId('order-entry');
    expect(entry).toHaveTextContent('12 · נועה כהן · Zorro · 1.10 m');
    expect(within(entry).getByText('נועה כהן').tagName).toBe('BDI');
    fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(screen.getByLabelText(/Only the picked photos/)).toBeChecked();
    expect(screen.queryByLabelText(/The whole gallery/)).toBeNull();
  });

  it('cancels only after the question in its own dialog, naming the client', async () => {
    const sent = stubFetch();
    await renderCard(order('submitted'), 'he');
    fireEvent.click(screen.getByRole('button', { name: 'ביטול ההזמנה' }));
    const dialog = screen.getByRole('dialog', { name: 'לבטל את ההזמנה?' });
    expect(dialog).toHaveTextContent(isolate('נועה כהן'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'להשאיר את ההזמנה' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'ביטול ההזמנה' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'כן, לבטל' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ status: 'cancelled' });
  });
});
