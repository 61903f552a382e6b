// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isolate } from '../../../../shared/bidi';
import type { AdminOrder } from '../../../../shared/schemas/proofing';
import { anAdminOrder } from '../../../test-orders';
import { testTexts } from '../../../test-texts';
import { OrderCard } from './OrderCard';

async function renderCard(order: AdminOrder, language = 'en') {
  const instance = await testTexts(language, ['common', 'home', 'admin', 'sales'], 'admin');
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

/** A paid order of three picks, `edited` saying which of them an edited version replaced. */
function paidOrder(edited: boolean[]): AdminOrder {
  return anAdminOrder({
    status: 'paid',
    count: edited.length,
    items: edited.map((isEdited, index) => ({
      id: `item${index}`,
      name: `jump-${index}.jpg`,
      thumbnail: `/media/item${index}/480.webp`,
      kind: 'image',
      edited: isEdited,
    })),
    payment: { method: 'bit', amount: { amount: 600, currency: 'ILS' }, paidAt: '2026-05-02' },
  });
}

/** Answers every PATCH; records what was sent. */
function stubFetch() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      sent.push(init.body ? JSON.parse(String(init.body)) : null);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('delivering an order whose picks are not all edited', () => {
  it('marks the edited picks, and asks before delivering the others unedited', async () => {
    const sent = stubFetch();
    await renderCard(paidOrder([true, false, false]));
    const marks = await screen.findAllByTestId('edited-mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]).toHaveTextContent('Edited');
    expect(marks[0]?.closest('li')?.querySelector('img')).toHaveAttribute('alt', 'jump-0.jpg');

    fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Deliver now' }));
    const dialog = screen.getByRole('dialog', { name: 'Deliver without edits?' });
    expect(dialog).toHaveTextContent('2 of 3 picked photos have no edited version yet. Deliver anyway?');
    // Back: nothing is sent, and the step stays open to come back to.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Deliver now' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Deliver anyway' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ status: 'delivered', deliver: 'picked' });
  });

  it('says one photo in the singular, with the numbers isolated in a right-to-left language', async () => {
    stubFetch();
    const view = await renderCard(paidOrder([true, true, false]));
    fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Deliver now' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('1 of 3 picked photos has no edited version yet.');
    view.unmount();

    await renderCard(paidOrder([false, false, true]), 'he');
    fireEvent.click(screen.getByRole('button', { name: 'מסירה' }));
    fireEvent.click(await screen.findByRole('button', { name: 'למסור עכשיו' }));
    const dialog = screen.getByRole('dialog', { name: 'למסור בלי עריכות?' });
    expect(dialog).toHaveTextContent(`ל־${isolate('2')} מתוך ${isolate('3')} התמונות שנבחרו אין עדיין גרסה ערוכה.`);
  });

  it('delivers at once when every pick has its edited version', async () => {
    const sent = stubFetch();
    await renderCard(paidOrder([true, true, true]));
    fireEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Deliver now' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
