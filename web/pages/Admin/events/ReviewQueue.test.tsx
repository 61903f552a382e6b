// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminEvent } from '../../../../shared/schemas/events';
import type { ReviewItem } from '../../../../shared/schemas/number-review';
import { testTexts } from '../../../test-texts';
import { ReviewQueue } from './ReviewQueue';

const EVENT = { id: 'ev1', timeZone: 'Asia/Jerusalem', reviewCount: 1 } as AdminEvent;

const ITEM: ReviewItem = {
  mediaId: 'photoAAAAAAAAAAAAAAAAA',
  name: 'IMG_0042.jpg',
  image: {
    id: 'photoAAAAAAAAAAAAAAAAA',
    kind: 'image',
    name: 'IMG_0042.jpg',
    width: 1600,
    height: 1000,
    placeholder: null,
    image: { src: '/media/p/800.jpg', srcset: { avif: '', webp: '', jpeg: '/media/p/800.jpg 800w' } },
    video: null,
    duration: null,
  },
  capturedAt: '2026-05-14T06:31:10.000Z',
  reason: 'other-ride',
  crop: { x: 0.25, y: 0.3, width: 0.1, height: 0.08 },
  candidates: [
    {
      number: '13',
      confidence: 0.97,
      crop: { x: 0.25, y: 0.3, width: 0.1, height: 0.08 },
      entries: [{ id: 'entry-13', rider: 'דן כהן', horse: 'Ravid', class: '1.10' }],
    },
    { number: '18', confidence: 0.41, crop: { x: 0.5, y: 0.3, width: 0.1, height: 0.08 }, entries: [] },
  ],
};

/** Answers the queue with `items` (then with none, once a decision was sent); records every decision. */
function stubServer(items: ReviewItem[]) {
  const decisions: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'POST') decisions.push({ url, body: JSON.parse(String(init.body)) });
      const answer =
        init.method === 'POST' ? { state: 'confirmed', entryId: 'entry-13' } : { items: decisions.length ? [] : items };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return decisions;
}

async function renderQueue(language = 'en') {
  const instance = await testTexts(language, ['common', 'eventsAdmin'], 'eventsAdmin');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={instance}>
        <ReviewQueue event={EVENT} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the review queue', () => {
  it('shows the photo, its number zoomed, why it waits, and confirms with one tap', async () => {
    const decisions = stubServer([ITEM]);
    await renderQueue();
    const item = await screen.findByTestId('review-item');
    expect(within(screen.getByTestId('review-queue')).getByRole('heading')).toHaveTextContent('Numbers to check 1');
    expect(within(item).getByText('Taken during another ride')).toBeInTheDocument();
    // The crop shows the number's part of the photo: drawn about 5.9× wide (1 ÷ the box's width with its margins), shifted to it.
    const crop = within(item).getByRole('img', { name: 'The number in the photo, enlarged' });
    const zoomed = crop.querySelector('img') as HTMLImageElement;
    expect(zoomed.style.transform).toBe('translate(-21.500%, -27.200%)');
    expect(zoomed.style.inlineSize).toBe('588.235%');
    const [confirm, ...others] = within(item).getAllByTestId('review-confirm');
    expect(others).toEqual([]);
    expect(confirm).toHaveTextContent('13דן כהןRavid97%');
    expect(within(confirm as HTMLElement).getByText('דן כהן').tagName).toBe('BDI');
    expect(within(item).getByText('18').tagName).toBe('BDI');
    fireEvent.click(confirm as HTMLElement);
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]).toEqual({
      url: '/api/admin/events/ev1/review/photoAAAAAAAAAAAAAAAAA',
      body: { entryId: 'entry-13' },
    });
    expect(await screen.findByText('Nothing to check: every number read has found its ride.')).toBeInTheDocument();
  });

  it('takes another number from the keyboard, refuses one that is not a number, and says "not a rider"', async () => {
    const decisions = stubServer([ITEM]);
    await renderQueue('he');
    const item = await screen.findByTestId('review-item');
    const input = within(item).getByLabelText('מספר אחר');
    fireEvent.change(input, { target: { value: '12א' } });
    fireEvent.submit(input);
    expect(await within(item).findByRole('alert')).toHaveTextContent('יש להקליד מספר זינוק, ספרות בלבד.');
    fireEvent.change(input, { target: { value: ' 12 ' } });
    fireEvent.submit(input);
    await waitFor(() => expect(decisions.map((decision) => decision.body)).toEqual([{ number: '12' }]));
  });

  it('says "not a rider" to leave the photo unplaced', async () => {
    const decisions = stubServer([ITEM]);
    await renderQueue('fr');
    fireEvent.click(await screen.findByRole('button', { name: 'Pas un cavalier' }));
    await waitFor(() => expect(decisions.map((decision) => decision.body)).toEqual([{ entryId: null }]));
  });
});
