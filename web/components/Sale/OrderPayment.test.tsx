// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientOrder } from '../../../shared/schemas/proofing';
import { aClientOrder } from '../../test-orders';
import { testTexts } from '../../test-texts';
import { OrderPayment } from './OrderPayment';

const ORDER_ID = '0b6c1e0e-9a55-4a53-9a3e-1c2f9b5d7a10';

function unpaidOrder(overrides: Partial<ClientOrder> = {}): ClientOrder {
  return aClientOrder({
    id: ORDER_ID,
    reference: 'HD-1042',
    payment: {
      methods: [
        { kind: 'bit', phone: '050-1234567' },
        { kind: 'paybox', link: 'https://links.payboxapp.com/AbC' },
        { kind: 'bank', details: 'Bank Leumi (10)\nBranch 800, account 123456\nDana Levi' },
        { kind: 'cash' },
        { kind: 'link', label: 'Credit card', url: 'https://pay.example.com/dana' },
      ],
      amount: { amount: 600, currency: 'ILS' },
      reference: 'HD-1042',
    },
    ...overrides,
  });
}

async function renderPayment(order: ClientOrder, language = 'en') {
  const instance = await testTexts(language, ['sales', 'home', 'common'], 'sales');
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={instance}>
        <OrderPayment order={order} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** The clipboard the browser gives the page, recording what was written. */
function stubClipboard(fail = false) {
  const written: string[] = [];
  const writeText = vi.fn(async (text: string) => {
    if (fail) throw new Error('denied');
    written.push(text);
  });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return written;
}

/** Answers the report with the order as the server would; records what was sent. */
function stubFetch(answer: (body: { method: string; note: string }) => Response) {
  const sent: Array<{ url: string; body: { method: string; note: string } }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body));
      sent.push({ url, body });
      return answer(body);
    }),
  );
  return sent;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('how to pay an order', () => {
  it('shows the amount, the reference and each way to pay', async () => {
    await renderPayment(unpaidOrder());
    const box = screen.getByRole('region', { name: 'How to pay' });
    expect(within(box).getByText('₪6.00')).toBeInTheDocument();
    expect(within(box).getByText('HD-1042')).toBeInTheDocument();
    expect(within(box).getByText('050-1234567')).toHaveAttribute('dir', 'ltr');
    expect(within(box).getByText(/Dana Levi/)).toBeInTheDocument();
    expect(within(box).getByText('You can pay in cash when you meet the photographer.')).toBeInTheDocument();
    // A Bit number has no public link: it is copied, never linked.
    expect(within(box).queryByRole('link', { name: /050/ })).toBeNull();
  });

  it('copies the amount as typed in a payment app, the reference, the number and the bank details', async () => {
    const written = stubClipboard();
    await renderPayment(unpaidOrder());
    const buttons = screen.getAllByRole('button', { name: 'Copy' });
    expect(buttons.map((button) => button.getAttribute('aria-describedby') !== null)).toEqual(buttons.map(() => true));
    expect(buttons[0]).toHaveAccessibleDescription('Amount to pay');
    expect(buttons[1]).toHaveAccessibleDescription('Order reference');
    for (const button of buttons) fireEvent.click(button);
    await waitFor(() => expect(written).toHaveLength(4));
    expect(written).toEqual([
      '6.00',
      'HD-1042',
      '050-1234567',
      'Bank Leumi (10)\nBranch 800, account 123456\nDana Levi',
    ]);
    expect(buttons[1]).toHaveTextContent('Copied');
  });

  it('says to copy by hand where the browser refuses the clipboard', async () => {
    stubClipboard(true);
    await renderPayment(unpaidOrder());
    fireEvent.click(screen.getAllByRole('button', { name: 'Copy' })[1] as HTMLElement);
    expect(await screen.findByText(/select the text and copy it yourself/)).toBeInTheDocument();
  });

  it('opens a payment link in a new tab that learns nothing of this page, with a QR code of it', async () => {
    await renderPayment(unpaidOrder());
    const pay = screen.getByRole('link', { name: /Credit card/ });
    expect(pay).toHaveAttribute('href', 'https://pay.example.com/dana');
    expect(pay).toHaveAttribute('target', '_blank');
    expect(pay.getAttribute('rel')).toContain('noopener');
    const paybox = screen.getByRole('link', { name: /Open PayBox/ });
    expect(paybox).toHaveAttribute('href', 'https://links.payboxapp.com/AbC');
    const qr = await screen.findByRole('img', { name: 'QR code of the link https://pay.example.com/dana' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    // A real module matrix: the three finder squares make a long path of dark modules.
    expect(qr.querySelector('path')?.getAttribute('d')?.match(/M/g)?.length).toBeGreaterThan(100);
    expect(await screen.findAllByTestId('payment-qr')).toHaveLength(2);
  });

  it('reports a payment and says so, and lets the client correct it', async () => {
    const sent = stubFetch((body) =>
      json(
        200,
        unpaidOrder({
          paymentReport: { method: body.method as 'bit', note: body.note, at: '2026-05-03T09:00:00.000Z' },
        }),
      ),
    );
    await renderPayment(unpaidOrder());
    const form = screen.getByRole('form', { name: 'Report a payment' });
    const method = within(form).getByLabelText('How did you pay?');
    expect([...(method as HTMLSelectElement).options].map((option) => option.value)).toEqual([
      'bit',
      'paybox',
      'bank',
      'cash',
      'link',
    ]);
    fireEvent.change(method, { target: { value: 'bank' } });
    fireEvent.change(within(form).getByLabelText(/A note for the photographer/), {
      target: { value: 'From my husband’s account' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'I paid' }));
    expect(await screen.findByText(/You reported a payment \(Bank transfer\) on May 3, 2026/)).toBeInTheDocument();
    expect(sent).toEqual([
      { url: `/api/me/orders/${ORDER_ID}/payment-report`, body: { method: 'bank', note: 'From my husband’s account' } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Correct my report' }));
    expect(screen.getByLabelText('How did you pay?')).toHaveValue('bank');
  });

  it('says why a report was refused', async () => {
    stubFetch(() =>
      json(409, { error: { code: 'order-not-awaiting-payment', message: 'This order is not waiting for a payment.' } }),
    );
    await renderPayment(unpaidOrder());
    fireEvent.click(screen.getByRole('button', { name: 'I paid' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order is no longer waiting for a payment.');
  });

  it('shows an earlier report, in Hebrew with the method named', async () => {
    await renderPayment(
      unpaidOrder({ paymentReport: { method: 'bit', note: '', at: '2026-05-03T09:00:00.000Z' } }),
      'he',
    );
    expect(screen.getByTestId('payment-report')).toHaveTextContent('דיווחת על תשלום (ביט)');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('shows nothing once the order is paid, or when there is no way to pay set up', async () => {
    const paid = await renderPayment(unpaidOrder({ status: 'paid' }));
    expect(screen.queryByTestId('order-payment')).toBeNull();
    paid.unmount();
    await renderPayment(unpaidOrder({ payment: null }));
    expect(screen.queryByTestId('order-payment')).toBeNull();
  });
});
