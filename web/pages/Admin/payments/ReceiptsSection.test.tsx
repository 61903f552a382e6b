// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../../shared/money';
import type { BusinessDetails, ReceiptList } from '../../../../shared/schemas/receipts';
import { testTexts } from '../../../test-texts';
import { ReceiptsSection } from './ReceiptsSection';

const THIS_YEAR = new Date().getFullYear();
const HOSTILE_NAME = '<img src=x onerror=alert(1)>';

const listOf = (year: number): ReceiptList => ({
  year,
  years: [THIS_YEAR, THIS_YEAR - 1],
  receipts:
    year === THIS_YEAR
      ? [
          {
            number: `${year}-0001`,
            url: `/api/admin/receipts/${year}/1`,
            orderId: '0b6c1e0e-9a55-4a53-9a3e-1c2f9b5d7a10',
            paidOn: `${year}-03-05`,
            issuedAt: `${year}-03-05T10:00:00.000Z`,
            client: { name: HOSTILE_NAME, email: 'noa@example.com' },
            amount: { amount: 1200, currency: 'ILS' },
            method: 'bit',
          },
        ]
      : [],
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server as the section meets it: no business details yet; the first save refused for its number. */
function stubServer() {
  const sent: Array<{ url: string; method: string; body: unknown }> = [];
  let saves = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      sent.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : null });
      if (url === '/api/admin/business' && method === 'GET') return json({ details: null });
      if (url === '/api/admin/business' && method === 'PUT') {
        saves += 1;
        if (saves === 1) {
          const details = { fields: [{ field: 'registrationNumber', message: 'This number does not add up.' }] };
          return json({ error: { code: 'invalid-argument', message: 'Invalid request', details } }, 400);
        }
        const saved: BusinessDetails = {
          name: 'Noa Photography',
          registrationNumber: '123456782',
          address: null,
          phone: null,
        };
        return json({ details: saved });
      }
      const year = /\/api\/admin\/receipts\?year=(\d{4})$/.exec(url)?.[1];
      if (year) return json(listOf(Number(year)));
      return json({ error: { code: 'not-found', message: 'Not found' } }, 404);
    }),
  );
  return sent;
}

async function renderSection(language = 'en') {
  const instance = await testTexts(language, ['sales', 'home', 'common'], 'sales');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={instance}>
        <ReceiptsSection />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the receipts section', () => {
  it('lists the year’s receipts, each opening its page, with the CSV of the chosen year', async () => {
    const sent = stubServer();
    await renderSection();
    const [row] = await screen.findAllByTestId('receipt-row');
    const link = within(row as HTMLElement).getByRole('link', { name: `${THIS_YEAR}-0001` });
    expect(link).toHaveAttribute('href', `/api/admin/receipts/${THIS_YEAR}/1`);
    expect(link).toHaveAttribute('target', '_blank');
    // A hostile name is text, isolated in its cell.
    expect(within(row as HTMLElement).getByText(HOSTILE_NAME).tagName).toBe('BDI');
    expect(row?.querySelector('img')).toBeNull();
    expect(row).toHaveTextContent(formatMoney({ amount: 1200, currency: 'ILS' }, 'en'));
    expect(row).toHaveTextContent('Bit');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/admin/receipts.csv?year=${THIS_YEAR}`,
    );

    fireEvent.change(screen.getByLabelText('Year'), { target: { value: String(THIS_YEAR - 1) } });
    expect(await screen.findByText('No receipts for this year yet.')).toBeInTheDocument();
    expect(sent.map((request) => request.url)).toContain(`/api/admin/receipts?year=${THIS_YEAR - 1}`);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/admin/receipts.csv?year=${THIS_YEAR - 1}`,
    );
  });

  it('says receipts lack the business details until they are saved, and marks a refused number', async () => {
    const sent = stubServer();
    await renderSection();
    expect(await screen.findByTestId('business-missing')).toHaveTextContent(
      'Your business details are not set: receipts carry only the site’s name',
    );
    fireEvent.change(screen.getByLabelText('Business name'), { target: { value: 'Noa Photography' } });
    const number = screen.getByLabelText('ID or company number');
    fireEvent.change(number, { target: { value: '12-345 6789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(number).toHaveAccessibleDescription(/9 digits.*Check this field\./);
    expect(screen.getByLabelText('Business name')).not.toHaveAttribute('aria-invalid');

    fireEvent.change(number, { target: { value: '12-345 6782' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Saved. Receipts issued from now on carry these details.')).toBeInTheDocument();
    expect(screen.queryByTestId('business-missing')).toBeNull();
    expect(number).toHaveValue('123456782');
    expect(sent.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      { name: 'Noa Photography', registrationNumber: '12-345 6789', address: '', phone: '' },
      { name: 'Noa Photography', registrationNumber: '12-345 6782', address: '', phone: '' },
    ]);
  });
});
