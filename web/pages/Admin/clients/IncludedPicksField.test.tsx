// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '../../../../shared/schemas/clients';
import { testTexts } from '../../../test-texts';
import { IncludedPicksField, includedPicksInput } from './IncludedPicksField';

function client(overrides: Partial<Client> = {}): Client {
  return {
    id: 'c1',
    email: 'maya@example.com',
    fullName: 'Maya',
    phone: null,
    folder: 'maya_example_com',
    hasAccount: true,
    emailVerified: true,
    pendingEmail: null,
    invitedAt: '2026-05-01T10:00:00.000Z',
    lastSignInAt: null,
    createdAt: '2026-05-01T09:00:00.000Z',
    itemCount: 0,
    totalSize: 0,
    includedPicks: null,
    ...overrides,
  };
}

/** Answers every PATCH with the client; records the bodies sent. */
function stubFetch() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(client()), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

async function renderField(shown: Client) {
  const instance = await testTexts('en', ['common', 'admin', 'sales'], 'admin');
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={instance}>
        <IncludedPicksField client={shown} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the photos included for a client', () => {
  it('reads an empty field as the rule, a whole number in range as itself, anything else as nothing', () => {
    expect(includedPicksInput(' ')).toBeNull();
    expect(includedPicksInput('3')).toBe(3);
    expect(includedPicksInput('0')).toBe(0);
    for (const text of ['-1', '2.5', '1000', 'x']) expect(includedPicksInput(text), text).toBeUndefined();
  });

  it('shows the rule by how the client came: none for an invited client, two for one who signed up', async () => {
    const view = await renderField(client());
    expect(screen.getByLabelText('Photos included in the first order')).toHaveAttribute('placeholder', '0');
    expect(screen.getByText('Leave it empty for the usual rule: 0 for this client.')).toBeInTheDocument();
    view.unmount();
    await renderField(client({ invitedAt: null }));
    expect(screen.getByLabelText('Photos included in the first order')).toHaveAttribute('placeholder', '2');
  });

  it('saves the number set, and an empty field as the rule', async () => {
    const sent = stubFetch();
    await renderField(client());
    const field = screen.getByLabelText('Photos included in the first order');
    fireEvent.change(field, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ includedPicks: 3 }, { includedPicks: null }]));
  });
});
