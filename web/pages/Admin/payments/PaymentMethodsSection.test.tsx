// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentSettings } from '../../../../shared/schemas/payments';
import { testTexts } from '../../../test-texts';
import { PaymentMethodsSection } from './PaymentMethodsSection';

const SAVED: PaymentSettings = {
  methods: [
    { kind: 'bit', phone: '050-1234567' },
    { kind: 'bank', details: 'Bank Leumi\nBranch 800' },
  ],
  reminderDays: 3,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: GET answers `saved`; each PUT answers the next of `answers` (or echoes what it got). */
function stubServer(answers: Array<(body: unknown) => Response> = []) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET') return json(200, SAVED);
      const body = JSON.parse(String(init.body));
      puts.push(body);
      return (answers.shift() ?? ((echo) => json(200, echo)))(body);
    }),
  );
  return puts;
}

async function renderSection(language = 'en') {
  const instance = await testTexts(language, ['sales', 'home', 'common'], 'sales');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={instance}>
        <PaymentMethodsSection />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return screen.findByRole('form', { name: /How clients pay|איך הלקוחות משלמים/ });
}

afterEach(() => vi.unstubAllGlobals());

describe('the payment methods of the Payments tab', () => {
  it('shows the saved methods to edit, and the reminder', async () => {
    stubServer();
    const form = await renderSection();
    const bit = within(form).getByRole('group', { name: 'Bit' });
    expect(within(bit).getByLabelText('Mobile number')).toHaveValue('050-1234567');
    const bank = within(form).getByRole('group', { name: 'Bank transfer' });
    expect(within(bank).getByLabelText('Bank details')).toHaveValue('Bank Leumi\nBranch 800');
    expect(within(form).getByLabelText('Remind a client who has not paid after (days)')).toHaveValue(3);
  });

  it('adds, edits and removes methods, and saves the whole list', async () => {
    const puts = stubServer();
    const form = await renderSection();
    fireEvent.click(within(form).getByRole('button', { name: 'Remove', description: 'Bit' }));
    fireEvent.click(within(form).getByRole('button', { name: '+ Payment link' }));
    const link = within(form).getByRole('group', { name: 'Payment link' });
    fireEvent.change(within(link).getByLabelText('What the button says'), { target: { value: 'Credit card' } });
    fireEvent.change(within(link).getByLabelText('Payment link'), { target: { value: 'https://pay.example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: '+ PayBox' }));
    const paybox = within(form).getByRole('group', { name: 'PayBox' });
    fireEvent.click(within(paybox).getByLabelText('through my PayBox link'));
    fireEvent.change(within(paybox).getByLabelText('PayBox link'), {
      target: { value: 'https://links.payboxapp.com/a' },
    });
    fireEvent.click(within(form).getByRole('button', { name: '+ Bank transfer' }));
    const banks = within(form).getAllByRole('group', { name: 'Bank transfer' });
    const newBank = banks[1] as HTMLElement;
    fireEvent.change(within(newBank).getByLabelText('Bank'), { target: { value: 'Hapoalim (12)' } });
    fireEvent.change(within(newBank).getByLabelText('Account number'), { target: { value: '123456' } });
    fireEvent.change(within(form).getByLabelText(/Remind a client/), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Saved.')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        methods: [
          { kind: 'bank', details: 'Bank Leumi\nBranch 800' },
          { kind: 'link', label: 'Credit card', url: 'https://pay.example.com' },
          { kind: 'paybox', link: 'https://links.payboxapp.com/a' },
          { kind: 'bank', details: 'Bank: Hapoalim (12)\nAccount number: 123456' },
        ],
        reminderDays: 0,
      },
    ]);
  });

  it('shows each refusal of the server by its field, in the panel’s language', async () => {
    stubServer([
      () =>
        json(400, {
          error: {
            code: 'invalid-argument',
            message: 'Some fields are missing or not valid.',
            details: { fields: [{ field: 'methods.0.phone', message: 'x', reason: 'israeli-mobile' }] },
          },
        }),
    ]);
    const form = await renderSection('he');
    const phone = within(form).getByLabelText('מספר נייד');
    fireEvent.change(phone, { target: { value: '03-1234567' } });
    fireEvent.click(within(form).getByRole('button', { name: 'שמירה' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('יש שדות שצריך לתקן');
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription(/יש להזין מספר נייד ישראלי/);
  });
});
