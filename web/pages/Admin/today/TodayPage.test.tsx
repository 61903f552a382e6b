// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TodayCounts } from '../../../../shared/schemas/today';
import { testTexts } from '../../../test-texts';
import { BottomBar } from '../shell/BottomBar';
import { TodayPage } from './TodayPage';
import { useAppBadge } from './useAppBadge';

const NOTHING: TodayCounts = {
  newOrders: 0,
  reportedPayments: 0,
  newBookings: 0,
  processingUploads: 0,
  reviewQueue: 0,
};

function stubServer(counts: TodayCounts) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      Response.json(url.startsWith('/api/admin/today') ? counts : { signup: 0, agreement: 0, booking: 0, payment: 0 }),
    ),
  );
}

async function renderIn(language: string, ui: ReactNode) {
  const instance = await testTexts(language, ['common', 'admin'], 'admin');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={instance}>{ui}</I18nextProvider>
    </QueryClientProvider>,
  );
}

const row = (kind: string) =>
  document.querySelector<HTMLAnchorElement>(`[data-testid="today-row"][data-kind="${kind}"]`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Today', () => {
  it('counts each kind in Hebrew plural forms, links it to its tab, and says "nothing" calmly for the rest', async () => {
    stubServer({ ...NOTHING, newOrders: 2, reportedPayments: 1, reviewQueue: 5 });
    await renderIn('he', <TodayPage />);
    expect(await screen.findByText('שתי הזמנות חדשות')).toBeTruthy();
    expect(row('newOrders')?.getAttribute('href')).toBe('/admin/orders');
    expect(row('newOrders')?.dataset.count).toBe('2');
    expect(within(row('reportedPayments') as HTMLElement).getByText('תשלום אחד לאישור')).toBeTruthy();
    expect(within(row('reviewQueue') as HTMLElement).getByText('5 תמונות לבדיקה')).toBeTruthy();
    expect(row('reviewQueue')?.getAttribute('href')).toBe('/admin/events');
    expect(within(row('newBookings') as HTMLElement).getByText('אין כלום')).toBeTruthy();
    expect(screen.queryByTestId('today-all-clear')).toBeNull();
  });

  it('says all is clear when nothing waits', async () => {
    stubServer(NOTHING);
    await renderIn('en', <TodayPage />);
    expect((await screen.findByTestId('today-all-clear')).textContent).toBe(
      'All clear: nothing waits for you right now.',
    );
    expect(screen.getAllByText('Nothing waiting')).toHaveLength(5);
  });
});

describe('the bottom bar', () => {
  it('holds five destinations, marks the open one, and marks More for a tab listed under it', async () => {
    stubServer({ ...NOTHING, newBookings: 3 });
    const { rerender } = await renderIn('en', <BottomBar place="clients" />);
    const bar = screen.getByRole('navigation', { name: 'Main sections' });
    const links = within(bar).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin/today',
      '/admin/clients',
      '/admin/folders',
      '/admin/orders',
      '/admin/more',
    ]);
    expect(within(bar).getByRole('link', { name: 'Clients' }).getAttribute('aria-current')).toBe('page');
    expect(await within(bar).findByTestId('today-badge')).toBeTruthy();
    expect(within(bar).getByTestId('today-badge').textContent).toBe('33 things wait for you');

    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={await testTexts('en', ['common', 'admin'], 'admin')}>
          <BottomBar place="watermark" />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    const more = screen.getByRole('link', { name: 'More' });
    expect(more.getAttribute('aria-current')).toBe('true');
  });
});

describe('the app badge', () => {
  it('shows the total where the browser can, clears it at 0, and does nothing where it cannot', () => {
    const setAppBadge = vi.fn(async () => {});
    const clearAppBadge = vi.fn(async () => {});
    vi.stubGlobal('navigator', { setAppBadge, clearAppBadge });
    const { rerender } = renderHook(({ count }) => useAppBadge(count), {
      initialProps: { count: undefined as number | undefined },
    });
    expect(setAppBadge).not.toHaveBeenCalled();
    rerender({ count: 4 });
    expect(setAppBadge).toHaveBeenCalledWith(4);
    rerender({ count: 0 });
    expect(clearAppBadge).toHaveBeenCalledTimes(1);

    vi.stubGlobal('navigator', {});
    expect(() => rerender({ count: 2 })).not.toThrow();
  });
});
