// @vitest-environment jsdom
import { fireEvent, render as renderBare, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaView } from '../../../shared/schemas/media';
import { aPhoto } from '../../test-media';
import { LazyLightbox } from './LazyLightbox';
import { Lightbox, viewerSizes } from './Lightbox';

const photo = aPhoto();

/**
 * An i18next with no texts, so every label is its key. Given explicitly: the global instance is whatever another test
 * file in the same worker left behind.
 */
const keysOnly = i18next.createInstance();
void keysOnly.init({ lng: 'en', resources: {}, initAsync: false });
const render = (ui: ReactNode) => renderBare(<I18nextProvider i18n={keysOnly}>{ui}</I18nextProvider>);

function open(overrides: Partial<Parameters<typeof Lightbox>[0]> = {}) {
  const onStep = vi.fn();
  const onClose = vi.fn();
  const view = render(
    <Lightbox item={photo} number={2} total={5} hasPrevious hasNext onStep={onStep} onClose={onClose} {...overrides} />,
  );
  return { onStep, onClose, view };
}

afterEach(() => {
  document.documentElement.dir = '';
});

const portrait: MediaView = {
  ...photo,
  id: 'def',
  width: 800,
  height: 1200,
  image: {
    src: '/media/def/960.jpg',
    srcset: { avif: '/def.avif 960w', webp: '/def.webp 960w', jpeg: '/def.jpg 960w' },
  },
};

const stage = () => document.querySelector('.lightbox__stage') as HTMLElement;
const figure = () => document.querySelector('.lightbox__media') as HTMLElement;

/** One finger (a touch pointer) pressed at `from`, moved to `to` and lifted. */
function drag(from: [number, number], to: [number, number], pointerId = 1) {
  const at = ([clientX, clientY]: [number, number]) => ({
    pointerId,
    pointerType: 'touch',
    clientX,
    clientY,
    button: 0,
  });
  fireEvent.pointerDown(stage(), at(from));
  fireEvent.pointerMove(stage(), at(to));
  fireEvent.pointerUp(stage(), at(to));
}

describe('the lightbox', () => {
  it('opens as a modal dialog with focus inside and the page behind inert; closing gives focus back', () => {
    const root = document.createElement('div');
    root.id = 'root';
    const opener = document.createElement('button');
    root.append(opener);
    document.body.append(root);
    opener.focus();
    const { view } = open();
    expect(screen.getByRole('dialog')).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    expect(root).toHaveAttribute('inert');
    view.unmount();
    expect(root).not.toHaveAttribute('inert');
    expect(document.activeElement).toBe(opener);
    root.remove();
  });

  it('closes on Escape and on a click outside the content, not on the picture', () => {
    const { onClose } = open();
    fireEvent.click(screen.getByRole('img'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    const overlay = document.querySelector('.lightbox') as HTMLElement;
    fireEvent.click(overlay);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('steps with the arrows in the reading direction', () => {
    document.documentElement.dir = 'ltr';
    const ltr = open();
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(ltr.onStep.mock.calls).toEqual([[1], [-1]]);
    ltr.view.unmount();

    document.documentElement.dir = 'rtl';
    const rtl = open();
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(rtl.onStep.mock.calls).toEqual([[1], [-1]]);
  });

  it('does not step past either end', () => {
    const { onStep } = open({ hasNext: false, hasPrevious: false });
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(onStep).not.toHaveBeenCalled();
  });

  it('keeps Tab inside the dialog', () => {
    open();
    const buttons = screen.getAllByRole('button');
    const last = buttons.at(-1) as HTMLElement;
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('swipes to the next item against the reading direction, and closes on a swipe down', () => {
    document.documentElement.dir = 'ltr';
    const ltr = open();
    drag([300, 400], [100, 410]);
    drag([100, 400], [300, 410]);
    expect(ltr.onStep.mock.calls).toEqual([[1], [-1]]);
    drag([200, 300], [210, 500]);
    expect(ltr.onClose).toHaveBeenCalledTimes(1);
    ltr.view.unmount();

    document.documentElement.dir = 'rtl';
    const rtl = open();
    drag([100, 400], [300, 410]);
    expect(rtl.onStep.mock.calls).toEqual([[1]]);
    // A short move is neither a swipe nor a close.
    drag([100, 400], [130, 420]);
    expect(rtl.onStep).toHaveBeenCalledTimes(1);
    expect(rtl.onClose).not.toHaveBeenCalled();
  });

  it('zooms in on a double tap and out on the next; a zoomed picture pans instead of swiping', () => {
    const { onStep } = open();
    drag([100, 100], [100, 100]);
    expect(stage()).toHaveAttribute('data-zoomed', 'false');
    drag([102, 101], [102, 101]);
    expect(stage()).toHaveAttribute('data-zoomed', 'true');
    expect(figure().style.transform).toContain('scale(2.5)');
    // Zoomed, the viewer asks for a larger file.
    expect(screen.getByRole('img')).toHaveAttribute('sizes', viewerSizes(photo, 2.5));
    drag([300, 400], [100, 400]);
    expect(onStep).not.toHaveBeenCalled();
    drag([100, 100], [100, 100]);
    drag([100, 100], [100, 100]);
    expect(stage()).toHaveAttribute('data-zoomed', 'false');
    expect(figure().style.transform).toBe('translate(0px, 0px) scale(1)');
  });

  it('zooms from the keyboard; zoomed, the arrows pan and step only once fitted again', () => {
    document.documentElement.dir = 'ltr';
    const { onStep } = open();
    fireEvent.keyDown(document, { key: '+' });
    expect(stage()).toHaveAttribute('data-zoomed', 'true');
    expect(figure().style.transform).toContain('scale(1.5)');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(onStep).not.toHaveBeenCalled();
    // Ctrl with + and - is the browser's own page zoom.
    fireEvent.keyDown(document, { key: '+', ctrlKey: true });
    expect(figure().style.transform).toContain('scale(1.5)');
    fireEvent.keyDown(document, { key: '-' });
    expect(stage()).toHaveAttribute('data-zoomed', 'false');
    fireEvent.keyDown(document, { key: '=' });
    fireEvent.keyDown(document, { key: '0' });
    expect(figure().style.transform).toBe('translate(0px, 0px) scale(1)');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(onStep.mock.calls).toEqual([[1]]);
  });

  it('zooms with its buttons, which say when they can go no further and keep their focus there', () => {
    open();
    const zoomIn = screen.getByRole('button', { name: 'lightbox.zoomIn' });
    const zoomOut = screen.getByRole('button', { name: 'lightbox.zoomOut' });
    expect(zoomOut).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(zoomOut);
    expect(stage()).toHaveAttribute('data-zoomed', 'false');
    zoomIn.focus();
    for (let i = 0; i < 6; i++) fireEvent.click(zoomIn);
    expect(figure().style.transform).toContain('scale(4)');
    expect(zoomIn).toHaveAttribute('aria-disabled', 'true');
    expect(zoomIn).toHaveFocus();
    expect(zoomOut).toHaveAttribute('aria-disabled', 'false');
    fireEvent.click(zoomOut);
    expect(stage()).toHaveAttribute('data-zoomed', 'true');
    expect(zoomIn).toHaveAttribute('aria-disabled', 'false');
  });

  it('does not zoom a video, but its arrows still step', () => {
    const video: MediaView = {
      ...photo,
      kind: 'video',
      video: { src: '/v.mp4', type: 'video/mp4', preview: null },
      duration: 5,
    };
    const { onStep } = open({ item: video });
    fireEvent.keyDown(document, { key: '+' });
    expect(stage()).toHaveAttribute('data-zoomed', 'false');
    expect(screen.getByRole('button', { name: 'lightbox.zoomIn' })).toHaveAttribute('aria-disabled', 'true');
    document.documentElement.dir = 'ltr';
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(onStep).toHaveBeenCalledTimes(1);
  });

  it('pinches with two fingers', () => {
    open();
    const finger = (pointerId: number, clientX: number) => ({ pointerId, pointerType: 'touch', clientX, clientY: 300 });
    fireEvent.pointerDown(stage(), finger(1, 150));
    fireEvent.pointerDown(stage(), finger(2, 250));
    fireEvent.pointerMove(stage(), finger(1, 100));
    fireEvent.pointerMove(stage(), finger(2, 300));
    expect(figure().style.transform).toContain('scale(2)');
    fireEvent.pointerUp(stage(), finger(1, 100));
    fireEvent.pointerUp(stage(), finger(2, 300));
    expect(stage()).toHaveAttribute('data-zoomed', 'true');
  });

  it('does not take the end of a drag for a click on the ground', () => {
    const { onClose } = open();
    drag([100, 100], [100, 100]);
    drag([100, 100], [100, 100]);
    drag([100, 100], [160, 100]);
    fireEvent.click(stage());
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(stage());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('fetches the neighbours ahead at the size the viewer will show them, out of sight', () => {
    open({ neighbours: [undefined, portrait] });
    const preload = document.querySelector('[data-preload="def"]') as HTMLElement;
    expect(preload.closest('[hidden]')).not.toBeNull();
    const img = preload.querySelector('img') as HTMLImageElement;
    expect(img).toHaveAttribute('srcset', '/def.jpg 960w');
    expect(img).toHaveAttribute('sizes', viewerSizes(portrait));
    expect(img).not.toHaveAttribute('loading', 'lazy');
    expect(preload.querySelector('source[type="image/avif"]')).toHaveAttribute('sizes', viewerSizes(portrait));
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it('at the end of a gallery page, fetches ahead the neighbour the next or previous page holds', async () => {
    const previousPageLast: MediaView = { ...portrait, id: 'ghi', image: { ...portrait.image, src: '/media/ghi.jpg' } };
    const loadAcrossPage = vi.fn(async (move: -1 | 1) => (move === 1 ? portrait : previousPageLast));
    // The open item is alone on its page: both neighbours live on other pages.
    open({ neighbours: [undefined, undefined], loadAcrossPage });
    await vi.waitFor(() => expect(document.querySelector('[data-preload="def"]')).not.toBeNull());
    expect(document.querySelector('[data-preload="ghi"]')).not.toBeNull();
    expect(loadAcrossPage.mock.calls.map(([move]) => move).sort()).toEqual([-1, 1]);
  });

  it('asks no other page for a neighbour it has, or where no step is possible', () => {
    const loadAcrossPage = vi.fn(async () => portrait);
    open({ neighbours: [undefined, portrait], hasPrevious: false, loadAcrossPage });
    expect(loadAcrossPage).not.toHaveBeenCalled();
  });

  it('names its icon buttons (here by their keys: no translations are loaded)', () => {
    open();
    for (const name of [
      'lightbox.close',
      'lightbox.previous',
      'lightbox.next',
      'lightbox.zoomIn',
      'lightbox.zoomOut',
    ]) {
      expect(screen.getByRole('button', { name })).toBeVisible();
    }
  });

  it('loads the viewer when first opened, on a black screen meanwhile', async () => {
    render(
      <LazyLightbox
        item={photo}
        number={1}
        total={1}
        hasPrevious={false}
        hasNext={false}
        onStep={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(document.querySelector('.lightbox')).toBeNull();
    expect(await screen.findByRole('dialog')).toBeVisible();
  });
});
