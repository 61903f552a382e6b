// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '../../../../shared/schemas/api-keys';
import { testTexts } from '../../../test-texts';
import { ApiKeysPanel } from './ApiKeysPanel';

const KEY = 'gsk_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

/** A server of keys in memory: answers the panel's list, create and revoke as the API does. */
function stubServer(keys: ApiKey[]) {
  const json = (body: unknown, status = 200) =>
    new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method === 'GET') return json({ keys });
      if (method === 'POST') {
        const { name } = JSON.parse(String(init.body));
        keys.unshift({
          id: 'k2',
          name,
          prefix: KEY.slice(0, 12),
          createdAt: '2026-05-14T08:00:00Z',
          lastUsedAt: null,
          revokedAt: null,
        });
        return json({ id: 'k2', key: KEY }, 201);
      }
      const id = url.split('/').pop();
      for (const key of keys) if (key.id === id) key.revokedAt = '2026-05-14T09:00:00Z';
      return new Response(null, { status: 204 });
    }),
  );
}

async function renderPanel(language = 'en') {
  const instance = await testTexts(language, ['common', 'admin'], 'admin');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={instance}>
        <ApiKeysPanel />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the sync keys panel', () => {
  it('says there is no key yet, then shows a new key once with the command that uses it', async () => {
    stubServer([]);
    await renderPanel();
    expect(await screen.findByText('No keys yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Key name (which computer)'), { target: { value: 'Show laptop' } });
    fireEvent.submit(screen.getByTestId('api-key-create'));
    expect(await screen.findByTestId('api-key-value')).toHaveValue(KEY);
    expect(screen.getByLabelText('Command for the laptop')).toHaveValue(
      `GALLERY_URL=${window.location.origin} GALLERY_API_KEY=${KEY} npm run sync -- <folder> --event <slug> --watch`,
    );
    const row = await screen.findByTestId('api-key-row');
    expect(within(row).getByText('Show laptop').tagName).toBe('BDI');
    expect(within(row).getByText(`${KEY.slice(0, 12)}…`)).toBeInTheDocument();
    expect(row).not.toHaveTextContent(KEY);
  });

  it('revokes a key only after the question is confirmed', async () => {
    stubServer([
      {
        id: 'k1',
        name: 'Old laptop',
        prefix: 'gsk_abcdefgh',
        createdAt: '2026-05-01T08:00:00Z',
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
    await renderPanel();
    fireEvent.click(await screen.findByTestId('api-key-revoke'));
    expect(screen.getByText('Revoke the key “Old laptop”?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('api-key-revoke')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('api-key-revoke'));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByTestId('api-key-revoke')).toBeNull());
    expect(screen.getByTestId('api-key-row')).toHaveTextContent('revoked');
  });
});
