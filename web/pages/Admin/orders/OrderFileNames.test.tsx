// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '../../../../shared/schemas/proofing';
import { anAdminOrder } from '../../../test-orders';
import { testTexts } from '../../../test-texts';
import { OrderCard } from './OrderCard';

const NAMES = ['IMG_1234.jpg', 'IMG_1240.CR2', 'a-very-long-file-name-from-the-second-camera-body_0001.jpg'];

function order(): AdminOrder {
  return anAdminOrder({
    status: 'paid',
    count: NAMES.length,
    items: NAMES.map((name, i) => ({
      id: `m${i}`,
      name,
      thumbnail: `/media/m${i}/480.webp`,
      kind: 'image',
      edited: false,
    })),
  });
}

async function renderCard(language = 'en') {
  const instance = await testTexts(language, ['common', 'home', 'admin', 'sales'], 'admin');
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={instance}>
        <ul>
          <OrderCard order={order()} />
        </ul>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** A clipboard that keeps what is written, or refuses (an insecure origin, a refused permission). */
function stubClipboard(refuse = false) {
  const writeText = vi.fn(async (_text: string) => {
    if (refuse) throw new DOMException('Write permission denied.', 'NotAllowedError');
  });
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  return writeText;
}

afterEach(() => vi.unstubAllGlobals());

describe('the file names of an order’s picks', () => {
  it('shows each name under its thumbnail, isolated, whole on hover', async () => {
    await renderCard('he');
    const thumbs = screen.getByRole('list', { name: 'תמונות שנבחרו' });
    const names = within(thumbs).getAllByText(/\.(jpg|CR2)$/);
    expect(names.map((name) => name.textContent)).toEqual(NAMES);
    for (const name of names) {
      expect(name.tagName).toBe('BDI');
      expect(name).toHaveAttribute('title', name.textContent);
    }
  });

  it('copies them as one line for Lightroom’s filter, and says so', async () => {
    const writeText = stubClipboard();
    await renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Copy file names' }));
    expect(await screen.findByText('Copied')).toHaveAttribute('role', 'status');
    expect(writeText).toHaveBeenCalledWith(
      'IMG_1234 OR IMG_1240 OR a-very-long-file-name-from-the-second-camera-body_0001',
    );
  });

  it('shows the line to copy by hand when the clipboard refuses', async () => {
    stubClipboard(true);
    await renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Copy file names' }));
    const field = await screen.findByLabelText('Select this line and copy it:');
    expect(field).toHaveValue('IMG_1234 OR IMG_1240 OR a-very-long-file-name-from-the-second-camera-body_0001');
    expect(screen.queryByText('Copied')).toBeNull();
  });
});
