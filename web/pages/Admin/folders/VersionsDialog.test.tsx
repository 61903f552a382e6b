// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMedia } from '../../../../shared/schemas/admin';
import type { MediaVersion } from '../../../../shared/schemas/media-versions';
import { testTexts } from '../../../test-texts';
import { VersionsDialog } from './VersionsDialog';

const ITEM = { id: 'item-1', name: 'IMG_1234.jpg', edited: true } as AdminMedia;
const VERSION: MediaVersion = {
  id: 'version-1',
  uploadedName: 'IMG_1234.jpg',
  size: 1000,
  contentType: 'image/jpeg',
  replacedAt: '2026-05-02T10:00:00.000Z',
  purgeAt: '2026-06-01T10:00:00.000Z',
  edited: false,
};

/** Answers the versions list and the restore; records each request. */
function stubServer(versions: MediaVersion[]) {
  const sent: Array<{ url: string; method: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      sent.push({ url, method });
      const body = method === 'GET' ? { items: versions } : { ok: true };
      return new Response(JSON.stringify(body), {
        status: method === 'GET' ? 200 : 202,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

async function renderDialog(language = 'en') {
  const instance = await testTexts(language, ['common', 'admin', 'sales'], 'sales');
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={instance}>
        <VersionsDialog item={ITEM} folder="noa_example_com" onClose={() => {}} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the earlier versions of an edited photo', () => {
  it('lists each kept original with its dates, and restores the one chosen', async () => {
    const sent = stubServer([VERSION]);
    await renderDialog();
    const list = await screen.findByTestId('versions');
    expect(list).toHaveTextContent('IMG_1234.jpg');
    expect(list).toHaveTextContent('Kept until Jun 1, 2026.');
    fireEvent.click(within(list).getByRole('button', { name: 'Restore this version' }));
    expect(await screen.findByText(/^Restoring:/)).toBeInTheDocument();
    expect(sent).toContainEqual({ url: '/api/admin/media/item-1/versions/version-1/restore', method: 'POST' });
  });

  it('says so when none is kept, in Hebrew too', async () => {
    stubServer([]);
    await renderDialog('he');
    expect(await screen.findByText('לא נשמרה גרסה קודמת לתמונה הזו.')).toBeInTheDocument();
  });
});
