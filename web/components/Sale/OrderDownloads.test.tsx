// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { ClientOrder } from '../../../shared/schemas/proofing';
import { aClientOrder } from '../../test-orders';
import { testTexts } from '../../test-texts';
import { GalleryDownloadAll } from './GalleryDownloadAll';
import { offersGalleryDownload } from './gallery-downloads';
import { OrderDownloads } from './OrderDownloads';

async function renderIn(language: string, ui: ReactNode) {
  const instance = await testTexts(language, ['common', 'gallery', 'sales'], 'sales');
  return render(<I18nextProvider i18n={instance}>{ui}</I18nextProvider>);
}

function order(status: ClientOrder['status'], count = 3): ClientOrder {
  const downloads = { web: '/api/me/orders/o1/archive?size=web', full: '/api/me/orders/o1/archive?size=full' };
  return aClientOrder({ id: 'o1', status, count, downloads: status === 'delivered' ? downloads : null });
}

describe('Download All of an order', () => {
  it('offers a delivered order at web size and full size, as links the browser downloads', async () => {
    await renderIn('en', <OrderDownloads order={order('delivered')} />);
    const group = screen.getByRole('group', { name: 'Download all (3 photos)' });
    const web = within(group).getByRole('link', { name: 'Web size (2400 px)' });
    const full = within(group).getByRole('link', { name: 'Full size' });
    expect(web).toHaveAttribute('href', '/api/me/orders/o1/archive?size=web');
    expect(full).toHaveAttribute('href', '/api/me/orders/o1/archive?size=full');
    for (const link of [web, full]) expect(link).toHaveAttribute('download');
    fireEvent.click(full);
    expect(screen.getByRole('status')).toHaveTextContent('Your download has started');
  });

  it.each(['submitted', 'paid', 'cancelled'] as const)('offers nothing for an order that is %s', async (status) => {
    const { container } = await renderIn('en', <OrderDownloads order={order(status)} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says the count in the reader’s language', async () => {
    await renderIn('he', <OrderDownloads order={order('delivered', 2)} />);
    expect(screen.getByRole('group', { name: 'להוריד הכול (שתי תמונות)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'גודל לרשת (2400 פיקסלים)' })).toBeInTheDocument();
  });
});

describe('Download All of the client’s gallery', () => {
  it('asks for the whole gallery at each size', async () => {
    await renderIn('en', <GalleryDownloadAll count={12} />);
    expect(screen.getByRole('group', { name: 'Download all (12 photos)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Web size (2400 px)' })).toHaveAttribute(
      'href',
      '/api/me/gallery/archive?size=web',
    );
    expect(screen.getByRole('link', { name: 'Full size' })).toHaveAttribute(
      'href',
      '/api/me/gallery/archive?size=full',
    );
  });

  it('is offered in proofing when something was delivered that the latest order’s panel does not offer', () => {
    expect(offersGalleryDownload({ delivered: 0, order: order('delivered') })).toBe(false);
    // The latest order's panel already offers all that was delivered.
    expect(offersGalleryDownload({ delivered: 3, order: order('delivered', 3) })).toBe(false);
    // An earlier order delivered more; or a newer order is still open; or there is no order to show.
    expect(offersGalleryDownload({ delivered: 5, order: order('delivered', 3) })).toBe(true);
    expect(offersGalleryDownload({ delivered: 3, order: order('submitted', 1) })).toBe(true);
    expect(offersGalleryDownload({ delivered: 3, order: null })).toBe(true);
  });
});
