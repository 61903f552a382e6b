// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaView } from '../../../shared/schemas/media';
import { aPhoto } from '../../test-media';
import { testTexts } from '../../test-texts';
import { GalleryDownloadAll } from '../Sale/GalleryDownloadAll';
import { renditionsOf } from './cached-rendition';
import { DownloadAllButton } from './DownloadAllButton';
import { DownloadButton } from './DownloadButton';
import { Lightbox } from './Lightbox';

const photo = aPhoto({
  image: {
    src: '/media/abc/960.jpg',
    srcset: {
      avif: '/media/abc/480.avif 480w, /media/abc/1920.avif 1920w',
      webp: '/media/abc/480.webp 480w, /media/abc/1920.webp 1920w',
      jpeg: '/media/abc/480.jpg 480w, /media/abc/960.jpg 960w',
    },
  },
});
const video: MediaView = {
  ...photo,
  id: 'vid',
  kind: 'video',
  video: { src: '/media/vid/clip.mp4', type: 'video/mp4', preview: null },
};

/** The browser's word on its network: the only thing these tests change. */
function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

async function renderIn(ui: ReactNode) {
  const texts = await testTexts('en', ['common', 'gallery', 'sales'], 'gallery');
  return render(<I18nextProvider i18n={texts}>{ui}</I18nextProvider>);
}

function openViewer(item: MediaView) {
  const onStep = vi.fn();
  const onClose = vi.fn();
  const viewer = <Lightbox item={item} number={2} total={5} hasPrevious hasNext onStep={onStep} onClose={onClose} />;
  return { onStep, onClose, rendered: renderIn(viewer) };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the viewer offline', () => {
  it('says a photo with no kept copy is not available offline, keeps its controls, and loads it once back online', async () => {
    setOnline(false);
    const { onStep, onClose, rendered } = openViewer(photo);
    await rendered;
    expect(await screen.findByText('This photo is not available offline.')).toBeVisible();
    expect(screen.getByTestId('viewer-offline')).toHaveAttribute('role', 'status');
    expect(document.querySelector('.lightbox__media img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onStep.mock.calls).toEqual([[1], [-1]]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    setOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('viewer-offline')).toBeNull();
    expect(screen.getByRole('img', { name: 'Photo 2' })).toHaveAttribute('src', '/media/abc/960.jpg');
  });

  it('shows the largest kept copy of the photo instead', async () => {
    setOnline(false);
    // jsdom has no CacheStorage: a stand-in that keeps two of the photo's files.
    const kept = new Set(['/media/abc/480.jpg', '/media/abc/960.jpg']);
    vi.stubGlobal('caches', { match: async (url: string) => (kept.has(url) ? new Response('') : undefined) });
    const { rendered } = openViewer(photo);
    await rendered;
    const image = await screen.findByRole('img', { name: 'Photo 2' });
    expect(image).toHaveAttribute('src', '/media/abc/960.jpg');
    expect(image).not.toHaveAttribute('srcset');
    expect(screen.queryByTestId('viewer-offline')).toBeNull();
  });

  it('says the same of a video', async () => {
    setOnline(false);
    const { rendered } = openViewer(video);
    await rendered;
    expect(await screen.findByText('This video is not available offline.')).toBeVisible();
    expect(document.querySelector('video')).toBeNull();
  });

  it('lists every rendition, largest first', () => {
    expect(renditionsOf(photo).slice(0, 3)).toEqual([
      '/media/abc/1920.avif',
      '/media/abc/1920.webp',
      '/media/abc/960.jpg',
    ]);
    expect(renditionsOf(photo)).toHaveLength(6);
  });
});

describe('downloads offline', () => {
  const needsConnection = 'Downloading needs a connection. Connect to the internet and try again.';

  it('Download All says it needs a connection, never that it started', async () => {
    setOnline(false);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    await renderIn(<DownloadAllButton count={3} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download all' }));
    expect(screen.getByRole('status')).toHaveTextContent(needsConnection);
    expect(screen.getByRole('status')).not.toHaveTextContent('started');
    expect(click).not.toHaveBeenCalled();
  });

  it('the sized Download All links start nothing offline and say so', async () => {
    setOnline(false);
    await renderIn(<GalleryDownloadAll count={3} />);
    const link = await screen.findByRole('link', { name: 'Full size' });
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    fireEvent(link, press);
    expect(press.defaultPrevented).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent(needsConnection);
  });

  it("the viewer's Download says it needs a connection", async () => {
    setOnline(false);
    const fetching = vi.fn();
    vi.stubGlobal('fetch', fetching);
    await renderIn(<DownloadButton item={photo} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(screen.getByRole('alert')).toHaveTextContent(needsConnection);
    expect(fetching).not.toHaveBeenCalled();
  });
});
