// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testTexts } from '../../../test-texts';
import type { AdminEntry } from './events-admin-api';
import { NameEntryForm } from './NameEntryForm';

/** A ride made from a number read in the photos: nothing but its number. */
const NUMBER_ONLY = { id: 'entry-127', number: '127', rider: '', horse: '', class: '', startTime: null } as AdminEntry;

function stubServer() {
  const sent: Array<{ url: string; method: string | undefined; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, method: init.method, body: JSON.parse(String(init.body ?? 'null')) });
      return new Response(JSON.stringify({ ok: true }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

async function renderForm(language: string) {
  const instance = await testTexts(language, ['common', 'eventsAdmin'], 'eventsAdmin');
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={instance}>
        <NameEntryForm eventId="ev1" entry={NUMBER_ONLY} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('naming a ride known only by its number', () => {
  it('sends the rider and the horse for that ride', async () => {
    const sent = stubServer();
    await renderForm('en');
    fireEvent.click(screen.getByText('Name this rider'));
    fireEvent.change(screen.getByLabelText('Rider'), { target: { value: ' Maya Katz ' } });
    fireEvent.change(screen.getByLabelText('Horse'), { target: { value: 'Storm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the names' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/admin/events/ev1/entries/entry-127',
      method: 'PATCH',
      body: { rider: 'Maya Katz', horse: 'Storm' },
    });
  });

  it('asks for the rider’s name before sending, in the panel’s language', async () => {
    const sent = stubServer();
    await renderForm('he');
    fireEvent.click(screen.getByText('הוספת שם רוכב'));
    fireEvent.click(screen.getByRole('button', { name: 'שמירת השמות' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('יש להקליד את שם הרוכב.');
    expect(sent).toHaveLength(0);
  });
});
